import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { EndedLinkView } from '@/components/order/ended-link-view';
import { OrderFrame } from '@/components/order/order-frame';
import { browserLang } from '@/lib/i18n/words';
import { orderTranslator } from '@/lib/orders/i18n';
import { isEndedLink } from '@/lib/orders/ended-link';

// A customer link that no longer works (components/order/ended-link-view.tsx). proxy.ts shows this
// page at the link's own address (`/order/{token}`) and answers it 404 (a link that never existed)
// or 410 (one that has ended), here as there.

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
  return (
    <OrderFrame lang={lang}>
      <EndedLinkView end={end} offerId={typeof offer === 'string' ? offer : undefined} lang={lang} />
    </OrderFrame>
  );
}
