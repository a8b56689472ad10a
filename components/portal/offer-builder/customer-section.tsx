'use client';

import type { Offer } from '@/lib/portal/browser/api';
import { Notice } from '@/components/ui/notice';
import { NoEmployerHint } from '../offer-lease';
import { usePortal } from '../providers';
import { Section, TextField } from './fields';
import type { Catalogue } from './use-catalogue';

/** The customer: typed for a new offer, shown (fixed) on an edit; and whether the customer may order through an employer. */
export function CustomerSection({ offer, catalogue }: { offer: Offer | undefined; catalogue: Catalogue }) {
  const { t } = usePortal();
  const { restricted, notEmployee, employeeEmail } = catalogue;
  return (
    <Section title={t('sectionCustomer')}>
      {offer ? (
        <>
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-ink-muted">{t('externalOfferId')}</dt>
              <dd className="font-medium">{offer.externalOfferId}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">{t('customerName')}</dt>
              <dd className="font-medium">{offer.customerName}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">{t('customerEmail')}</dt>
              <dd className="font-medium">{offer.customerEmail}</dd>
            </div>
          </dl>
          <p className="mt-2 text-xs text-ink-muted">{t('customerFixed')}</p>
        </>
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField name="externalOfferId" label="externalOfferId" options={{ required: true }} />
          <TextField name="customerName" label="customerName" options={{ required: true, autoComplete: 'off' }} />
          <TextField name="customerEmail" label="customerEmail" options={{ required: true, type: 'email', inputMode: 'email' }} />
        </div>
      )}
      {restricted ? (
        <Notice tone="warning" role="status" className="mt-3">
          {t('employeeRestricted')}
        </Notice>
      ) : null}
      {notEmployee ? <NoEmployerHint email={employeeEmail} /> : null}
    </Section>
  );
}
