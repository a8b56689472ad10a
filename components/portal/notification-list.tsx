'use client';

import { toast } from 'sonner';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, useTransition, type MouseEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { announceUnread, portalCall } from '@/lib/portal/browser/portal-call';
import { usePortal } from './providers';

// The client parts of /portal/notifications: opening an entry marks it read (then the offer page
// opens), "mark all as read", and the paging links (the kit's buttons). Both tell the header's bell the new unread count.

type Unread = { unread: number };

/** The link of an entry to its offer; an unread entry is marked read first. */
export function NotificationLink({ id, href, unread, className, children }: { id: number; href: string; unread: boolean; className?: string; children: ReactNode }) {
  const { words } = usePortal();
  const router = useRouter();

  async function open(e: MouseEvent<HTMLAnchorElement>) {
    if (!unread) return;
    const path = `/api/portal/notifications/${id}/read`;
    // A new tab or window: the browser opens it; the mark goes out on its own.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) {
      void portalCall<Unread>('POST', path, words, { keepalive: true });
      return;
    }
    e.preventDefault();
    const answer = await portalCall<Unread>('POST', path, words, { keepalive: true });
    if (answer.ok) announceUnread(answer.data.unread);
    router.push(href);
  }

  return (
    <Link href={href} className={className} onClick={open} data-testid="notification-link">
      {children}
    </Link>
  );
}

export function MarkAllReadButton({ disabled }: { disabled: boolean }) {
  const { t, words } = usePortal();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [, startTransition] = useTransition();

  async function markAll() {
    setBusy(true);
    setError(null);
    const answer = await portalCall<Unread>('POST', '/api/portal/notifications/read-all', words);
    setBusy(false);
    if (!answer.ok) return setError(answer.status === 0 ? t('notificationsNoConnection') : t('notificationsActionFailed', { message: answer.message }));
    announceUnread(answer.data.unread);
    toast.success(t('toastAllRead'));
    startTransition(() => router.refresh());
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <Button onClick={markAll} disabled={disabled || busy} data-testid="notifications-mark-all">
        {t('notificationsMarkAllRead')}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const pageHref = (page: number) => (page <= 1 ? '/portal/notifications' : `/portal/notifications?page=${page}`);

/** The list's paging: links to the previous and next page (`?page=`), with where the reader is. */
export function NotificationPaging({ page, pages, status }: { page: number; pages: number; status: string }) {
  const { t } = usePortal();
  return (
    <nav aria-label={t('pagination')} className="flex flex-wrap items-center justify-between gap-2 border-t border-line px-4 py-3 text-sm">
      <p className="text-ink-muted">{status}</p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Button asChild size="sm">
            <Link href={pageHref(page - 1)} rel="prev">
              <ChevronLeft aria-hidden="true" />
              {t('previousPage')}
            </Link>
          </Button>
        ) : null}
        {page < pages ? (
          <Button asChild size="sm">
            <Link href={pageHref(page + 1)} rel="next">
              {t('nextPage')}
              <ChevronRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
      </div>
    </nav>
  );
}
