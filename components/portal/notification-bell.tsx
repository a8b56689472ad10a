'use client';

import { Bell } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { portalCall, UNREAD_EVENT } from '@/lib/portal/browser/portal-call';
import { usePortal } from './providers';

// The header's notifications entry: a bell with the unread count of the user's notifications in
// the portal's environment. The layout renders it with the count; the count is read again after
// each navigation (the layout stays while pages change) and set at once when the list marks read.

export function NotificationBell({ unread: initial }: { unread: number }) {
  const { t, words } = usePortal();
  const [unread, setUnread] = useState(initial);
  const path = usePathname();
  const first = useRef(true);

  // A new count from the server (the layout rendered again: refresh, environment switch) wins.
  const [fromServer, setFromServer] = useState(initial);
  if (fromServer !== initial) {
    setFromServer(initial);
    setUnread(initial);
  }

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let live = true;
    void portalCall<{ unread: number }>('GET', '/api/portal/notifications/unread', words).then((answer) => {
      if (live && answer.ok) setUnread(answer.data.unread);
    });
    return () => {
      live = false;
    };
  }, [path, words]);

  useEffect(() => {
    const onUnread = (e: Event) => setUnread((e as CustomEvent<number>).detail);
    window.addEventListener(UNREAD_EVENT, onUnread);
    return () => window.removeEventListener(UNREAD_EVENT, onUnread);
  }, []);

  const label = t('notificationsBell', { count: unread });
  return (
    <Link
      href="/portal/notifications"
      aria-label={label}
      title={label}
      data-testid="notifications-bell"
      data-unread={unread}
      aria-current={path === '/portal/notifications' ? 'page' : undefined}
      className="relative inline-flex size-10 shrink-0 items-center justify-center rounded-control text-ink hover:bg-canvas focus-visible:focus-ring aria-[current=page]:bg-brand-50"
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 ? (
        <span aria-hidden="true" data-testid="notifications-unread" className="absolute right-0.5 top-0.5 min-w-5 rounded-pill bg-danger-700 px-1 text-center text-xs font-semibold leading-5 tabular-nums text-white">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
