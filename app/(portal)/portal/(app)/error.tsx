'use client';

import { usePortal } from '@/components/portal/providers';
import { Button } from '@/components/ui/button';
import { StatusPage } from '@/components/ui/status-page';

export default function PortalError({ reset }: { error: Error; reset: () => void }) {
  const { t } = usePortal();
  return (
    <StatusPage
      brand={`${t('appName')} · ${t('portal')}`}
      title={t('errorTitle')}
      text={t('errorText')}
      backHref="/portal"
      backLabel={t('navOffers')}
      action={<Button onClick={reset}>{t('tryAgain')}</Button>}
    />
  );
}
