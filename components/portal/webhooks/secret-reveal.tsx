import { useEffect, useId, useRef, useState } from 'react';
import { formatDateTime } from '@/lib/i18n/words';
import { usePortal } from '../providers';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { Revealed } from './shared';
import { cn } from '@/components/ui/cn';
import { noticeVariants } from '@/components/ui/notice';

/** The secret of a registration or rotation: shown this once, with a copy button. */
export function SecretReveal({ revealed, onDone }: { revealed: Revealed; onDone: () => void }) {
  const { t, lang } = usePortal();
  const ids = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(revealed.secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
      const input = document.getElementById(`${ids}-secret`) as HTMLInputElement | null;
      input?.select();
    }
  }

  return (
    <section aria-labelledby={`${ids}-title`} data-testid="webhook-secret" className={cn(noticeVariants({ tone: 'warning', size: 'card' }), 'border-2 text-ink')}>
      <h2 id={`${ids}-title`} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-warning-900">
        {t('webhookSecretTitle', { url: revealed.url })}
      </h2>
      <p className="mt-1 text-sm font-medium text-warning-900">{t('webhookSecretOnce')}</p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${ids}-secret`} className="block text-sm font-medium text-ink">
            {t('webhookSecretLabel')}
          </label>
          <Input
            id={`${ids}-secret`}
            readOnly
            value={revealed.secret}
            onFocus={(e) => e.target.select()}
            className="mt-1 font-mono"
          />
        </div>
        <Button variant="secondary" onClick={() => void copy()}>
          {t('webhookCopy')}
        </Button>
        <Button variant="primary" onClick={onDone}>
          {t('webhookSecretDone')}
        </Button>
      </div>
      <p role="status" className="mt-2 text-sm text-ink">
        {copied === 'yes' ? t('webhookCopied') : copied === 'failed' ? t('webhookCopyFailed') : ''}
      </p>
      {revealed.previousSecretExpiresAt ? (
        <p className="text-sm text-ink">{t('webhookPreviousSecret', { until: formatDateTime(revealed.previousSecretExpiresAt, lang) })}</p>
      ) : null}
    </section>
  );
}
