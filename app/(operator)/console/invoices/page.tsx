import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { InvoiceDesk } from '@/components/console/invoice-queue';
import { PageHeader } from '@/components/ui/page-header';
import { consolePage, type SearchParams } from '@/lib/console/http/page';
import { consoleLang, LANG_COOKIE } from '@/lib/console/i18n';
import { namespaceTranslator } from '@/lib/i18n/catalogue';
import type { OrderTextKey } from '@/lib/purchase-orders/text-keys';

// /console/invoices — the dealers' invoices to check and the payout runs (?environment=sandbox for
// the sandbox's; production otherwise).

export async function generateMetadata(): Promise<Metadata> {
  const t = namespaceTranslator<OrderTextKey>(consoleLang((await cookies()).get(LANG_COOKIE)?.value), 'purchaseOrder');
  return { title: t('invoicesTitle') };
}

export default async function InvoicesPage({ searchParams }: { searchParams: SearchParams }) {
  const { lang } = await consolePage();
  const t = namespaceTranslator<OrderTextKey>(lang, 'purchaseOrder');
  const environment = (await searchParams).environment === 'sandbox' ? 'sandbox' : 'production';
  return (
    <div>
      <PageHeader title={t('invoicesTitle')} description={t('invoicesIntro')} />
      <InvoiceDesk initialEnvironment={environment} />
    </div>
  );
}
