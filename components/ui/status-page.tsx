import Link from 'next/link';
import type { ReactNode } from 'react';
import { buttonVariants } from './button';

/** A branded page for "not found" and "something went wrong", with a way back. */
export function StatusPage({ brand, title, text, backHref, backLabel, action }: { brand: ReactNode; title: string; text: string; backHref: string; backLabel: string; action?: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-start justify-center gap-4 px-page py-section">
      <p className="text-lg font-bold text-brand-700">{brand}</p>
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      <p className="text-ink-muted">{text}</p>
      <div className="flex flex-wrap gap-2">
        <Link href={backHref} className={buttonVariants({ variant: 'primary' })}>
          {backLabel}
        </Link>
        {action}
      </div>
    </div>
  );
}
