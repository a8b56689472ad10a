import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import type { Lang } from '@/lib/i18n/messages';
import { endedLinkHelp } from '@/lib/orders/ended-link';
import type { EndedLink } from '@/lib/orders/customer-link';
import { orderTranslator } from '@/lib/orders/i18n';

/**
 * What a customer link that no longer works says (lib/orders/ended-link.ts): why, and what to do —
 * ask for a fresh link where the offer still takes one, else ask the dealer, whose name and
 * address it gives. Nothing of the offer for a link that never existed (no `offerId`).
 */
export async function EndedLinkView({ end, offerId, lang }: { end: EndedLink; offerId?: string; lang: Lang }) {
  const t = orderTranslator(lang);
  const help = await endedLinkHelp(end, offerId);
  return (
    <>
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
    </>
  );
}
