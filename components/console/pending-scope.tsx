'use client';

import { useRouter } from 'next/navigation';
import { createContext, useContext, useTransition, type FormEvent, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { useConsole } from './providers';

// A server-rendered list whose filters apply as they change: the filter form navigates in a
// transition, and the list beside it is dimmed and marked busy until the new page has arrived.

type Pending = { pending: boolean; go: (href: string) => void };
const PendingContext = createContext<Pending | null>(null);

export function PendingScope({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const go = (href: string) => start(() => router.push(href));
  return <PendingContext.Provider value={{ pending, go }}>{children}</PendingContext.Provider>;
}

/** The list of a PendingScope: dimmed, busy and saying so while the next result loads. */
export function PendingArea({ children, className }: { children: ReactNode; className?: string }) {
  const scope = useContext(PendingContext);
  const { t } = useConsole();
  const pending = !!scope?.pending;
  return (
    <div aria-busy={pending || undefined} data-stale={pending ? 'true' : undefined} className={cn('transition-opacity', pending && 'opacity-60', className)}>
      <p role="status" className="sr-only" data-testid="list-loading">
        {pending ? t('w_loading') : ''}
      </p>
      {children}
    </div>
  );
}

/** A GET filter form that applies each change at once (in the scope's transition). */
export function LiveFilterForm({ action, className, children }: { action: string; className?: string; children: ReactNode }) {
  const scope = useContext(PendingContext);
  const submit = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === 'string' && value !== '') params.set(key, value);
    const qs = params.toString();
    scope?.go(`${action}${qs ? `?${qs}` : ''}`);
  };
  return (
    <form
      method="get"
      action={action}
      className={className}
      onChange={(e) => {
        if (scope && e.target instanceof HTMLSelectElement) submit(e.currentTarget);
      }}
      onSubmit={(e: FormEvent<HTMLFormElement>) => {
        if (!scope) return;
        e.preventDefault();
        submit(e.currentTarget);
      }}
    >
      {children}
    </form>
  );
}
