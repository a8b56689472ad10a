import type { Metadata } from 'next';
import { LegalPage, LegalSection } from '@/components/order/legal-page';
import { LEGAL_PATHS, operatorDetails, retentionDays } from '@/lib/legal/operator';
import { legalPageLang } from '@/lib/legal/http/page-lang';
import { orderTranslator } from '@/lib/orders/i18n';

// The privacy notice for the customers (docs/privacy.md in their words): who is responsible, which
// data, what for, who receives it, how long it is kept (the configured retention), their rights
// and whom to ask. Linked from every customer page, mail and document.

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return { title: `${orderTranslator(await legalPageLang(searchParams))('privacyTitle')} · Spoke` };
}

export default async function PrivacyPage({ searchParams }: { searchParams: SearchParams }) {
  const lang = await legalPageLang(searchParams);
  const t = orderTranslator(lang);
  const operator = operatorDetails();
  const days = retentionDays();
  return (
    <LegalPage lang={lang} title={t('privacyTitle')} otherLang={t('legalOtherLang')} path={LEGAL_PATHS.privacy}>
      <p className="text-ink">{t('privacyIntro')}</p>
      <LegalSection title={t('privacyControllerTitle')}>
        <p data-testid="operator-name">{operator.name}</p>
        <p>{operator.addressLines.join(', ')}</p>
      </LegalSection>
      <LegalSection title={t('privacyDataTitle')}>
        <p>{t('privacyData')}</p>
      </LegalSection>
      <LegalSection title={t('privacyPurposeTitle')}>
        <p>{t('privacyPurpose')}</p>
      </LegalSection>
      <LegalSection title={t('privacyRecipientsTitle')}>
        <p>{t('privacyRecipients', { operator: operator.name })}</p>
      </LegalSection>
      <LegalSection title={t('privacyRetentionTitle')}>
        <p data-testid="privacy-retention">{t('privacyRetention', { unordered: days.unorderedDays, ordered: days.orderedDays })}</p>
      </LegalSection>
      <LegalSection title={t('privacyRightsTitle')}>
        <p>{t('privacyRights')}</p>
      </LegalSection>
      <LegalSection title={t('privacyContactTitle')}>
        <p data-testid="operator-privacy-contact">{t('privacyContact', { contact: operator.privacyContact })}</p>
      </LegalSection>
    </LegalPage>
  );
}
