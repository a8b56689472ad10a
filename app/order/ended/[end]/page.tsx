import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { OrderFrame } from '@/components/order/order-frame';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { browserLang } from '@/lib/i18n/words';
import { orderTranslator } from '@/lib/orders/i18n';
import { endedLinkHelp, isEndedLink } from '@/lib/orders/ended-link';

// A customer link that no longer works (lib/orders/ended-link.ts): why, and what to do — ask for a
// fresh link where the offer still takes one, else ask the dealer, whose name and address it gives.
// Answered 404 (a link that never existed) or 410 (one that has ended) by proxy.ts.

export const dynamic = 'force-dynamic';

const pageLang = async () => browserLang((await headers()).get('accept-language'));

export async function generateMetadata(): Promise<Metadata> {
  return { title: orderTranslator(await pageLang())('pageTitle'), referrer: 'no-referrer', robots: { index: false, follow: false } };
}

export default async function EndedLinkPage({ params, searchParams }: { params: Promise<{ end: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { end } = await params;
  if (!isEndedLink(end)) notFound();
  const offer = (await searchParams).offer;
  const lang = await pageLang();
  const t = orderTranslator(lang);
  const help = await endedLinkHelp(end, typeof offer === 'string' ? offer : undefined);
  return (
    <OrderFrame lang={lang}>
      <section aria-labelledby="end-title" className="space-y-3" data-testid="link-end" data-end={end}>
        <h1 id="end-title" className="text-2xl font-bold text-ink">
          {t(`endTitle_${end}`)}
        </h1>
        <p className="text-ink">{t(`endText_${end}`)}</p>
        {help.requestLink ? (
          <p>
            <Link href={help.requestLink} className={buttonVariants({ variant: 'primary' })} data-testid="request-new-link">
              {t('endRequestLink')}
            </Link>
          </p>
        ) : null}
      </section>
      <Card aria-labelledby="dealer-title" data-testid="link-end-dealer">
        <CardHeader id="dealer-title" title={t('endAskDealer')} />
        {help.dealer ? (
          <>
            <p className="font-medium text-ink">{help.dealer.name}</p>
            {help.dealer.address ? <p className="whitespace-pre-line text-sm text-ink-muted">{help.dealer.address}</p> : null}
          </>
        ) : (
          <p className="text-ink">{t('endDealerUnknown')}</p>
        )}
      </Card>
    </OrderFrame>
  );
}
