'use client';

import { Notice } from '@/components/ui/notice';
import { messageOf } from '@/lib/console/browser/client';
import { useConsole } from './providers';

/** The console's words for a request that failed, announced (nothing when there is no error). */
export function RequestFailed({ error, className }: { error: unknown; className?: string }) {
  const { t } = useConsole();
  if (!error) return null;
  return (
    <Notice role="alert" className={className}>
      {t('requestFailed', { message: messageOf(error) })}
    </Notice>
  );
}
