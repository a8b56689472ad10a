import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { orderTranslator } from '@/lib/orders/i18n';
import { LinkRequestForm } from '@/components/order/link-request-form';
import { OrderFrame } from '@/components/order/order-frame';
import { browserLang } from '@/lib/i18n/words';
import { namespaceTranslator } from '@/lib/i18n/catalogue';
import type { OrderTextKey } from '@/lib/purchase-orders/text-keys';

// The offer document's QR code leads here (`/order/link?offer={id}`): the customer asks for a fresh
// link to the offer, mailed to the offer's customer address only (docs/decisions.md); once the
// bicycle is ordered and waits for its handover, a new pickup code instead.

export const dynamic = 'force-dynamic';

const pageLang = async () => browserLang((await headers()).get('accept-language'));

export async function generateMetadata(): Promise<Metadata> {
  return { title: orderTranslator(await pageLang())('requestTitle'), referrer: 'no-referrer', robots: { index: false, follow: false } };
}

export default async function LinkRequestPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const lang = await pageLang();
  const t = orderTranslator(lang);
  const offer = (await searchParams).offer;
  const offerId = typeof offer === 'string' ? offer : '';
  return (
    <OrderFrame lang={lang}>
      <h1 className="text-2xl font-bold text-ink">{t('requestTitle')}</h1>
      {offerId ? (
        <>
          <p className="text-ink">{t('requestIntro')}</p>
          <p className="text-ink" data-testid="request-code-hint">
            {namespaceTranslator<OrderTextKey>(lang, 'purchaseOrder')('c_linkPageCode')}
          </p>
          <LinkRequestForm
            offerId={offerId}
            lang={lang}
            texts={{ email: t('requestEmail'), send: t('requestSend'), working: t('working'), sent: t('requestSent'), missing: t('requestMissing'), failed: t('requestFailed') }}
          />
        </>
      ) : (
        <p className="text-ink">{t('requestNoOffer')}</p>
      )}
    </OrderFrame>
  );
}
