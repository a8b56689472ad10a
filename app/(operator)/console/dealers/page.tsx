import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { CreateByNameForm } from '@/components/console/create-by-name-form';
import { DealerTable } from '@/components/console/record-tables';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { consoleLang, consoleTranslator, formatCount, formatDate, LANG_COOKIE } from '@/lib/console/i18n';
import { listDealers } from '@/lib/console/use-cases/dealers';
import { consolePage } from '@/lib/console/http/page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: consoleTranslator(consoleLang((await cookies()).get(LANG_COOKIE)?.value))('dealersTitle') };
}

export default async function DealersPage() {
  const { lang, t } = await consolePage();
  const dealers = await listDealers();
  return (
    <div className="space-y-section">
      <PageHeader title={t('dealersTitle')} description={t('dealersIntro')} />

      <Card aria-labelledby="create-dealer-heading">
        <CardHeader id="create-dealer-heading" title={t('createDealer')} />
        <CreateByNameForm endpoint="/api/console/dealers" detailPath="/console/dealers" nameLabel="dealerName" submitLabel="createDealer" />
      </Card>

      <section aria-labelledby="dealer-list-heading">
        <h2 id="dealer-list-heading" className="sr-only">
          {t('dealersTitle')}
        </h2>
        {dealers.length === 0 ? (
          <EmptyState title={t('noDealers')} />
        ) : (
          <DealerTable
            rows={dealers.map((d) => ({
              id: d.id,
              name: d.name,
              environment: d.productionEnabledAt ? t('productionSince', { date: formatDate(d.productionEnabledAt.toISOString(), lang) }) : t('sandboxOnly'),
              clients: t('clientsShort', { sandbox: d.sandboxClients, production: d.productionClients }),
              offers: t('offersShort', { sandbox: d.sandboxOffers, production: d.productionOffers }),
              rejected: { count: d.rejectedOffers, text: formatCount(d.rejectedOffers, lang) },
            }))}
          />
        )}
      </section>
    </div>
  );
}
