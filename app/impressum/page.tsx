import type { Metadata } from 'next';
import { LegalPage, LegalSection } from '@/components/order/legal-page';
import { LEGAL_PATHS, operatorDetails } from '@/lib/legal/operator';
import { legalPageLang } from '@/lib/legal/http/page-lang';
import { orderTranslator } from '@/lib/orders/i18n';

// The Impressum: who provides the service and leases the bicycles (the configured operator),
// linked from every customer page, mail and document.

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return { title: `${orderTranslator(await legalPageLang(searchParams))('impressumTitle')} · Spoke` };
}

export default async function ImpressumPage({ searchParams }: { searchParams: SearchParams }) {
  const lang = await legalPageLang(searchParams);
  const t = orderTranslator(lang);
  const operator = operatorDetails();
  return (
    <LegalPage lang={lang} title={t('impressumTitle')} otherLang={t('legalOtherLang')} path={LEGAL_PATHS.impressum}>
      <p className="text-ink">{t('impressumIntro')}</p>
      <p className="text-lg font-semibold text-ink" data-testid="operator-name">
        {operator.name}
      </p>
      <LegalSection title={t('impressumAddress')}>
        <address className="not-italic" data-testid="operator-address">
          {operator.addressLines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      </LegalSection>
      <LegalSection title={t('impressumRegister')}>
        <p data-testid="operator-register">{operator.register}</p>
      </LegalSection>
      <LegalSection title={t('impressumPrivacy')}>
        <p data-testid="operator-privacy-contact">{operator.privacyContact}</p>
      </LegalSection>
      <p className="text-sm text-ink-muted">{t('impressumDealers')}</p>
    </LegalPage>
  );
}
