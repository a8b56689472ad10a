'use client';

import { useConsole } from '@/components/console/providers';
import { Button } from '@/components/ui/button';
import { StatusPage } from '@/components/ui/status-page';

export default function ConsoleError({ reset }: { error: Error; reset: () => void }) {
  const { t } = useConsole();
  return (
    <StatusPage
      brand={`${t('appName')} · ${t('console')}`}
      title={t('errorTitle')}
      text={t('errorText')}
      backHref="/console/rejected"
      backLabel={t('navQueue')}
      action={<Button onClick={reset}>{t('tryAgain')}</Button>}
    />
  );
}
