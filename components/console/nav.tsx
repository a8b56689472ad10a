'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

/** The console's main navigation; the current section is marked for assistive technology too. */
export function ConsoleNav({ label, items }: { label: string; items: { href: string; text: string; match: string[] }[] }) {
  const pathname = usePathname();
  const current = (match: string[]) =>
    match.some((m) => (m === '/console' ? pathname === '/console' : pathname === m || pathname.startsWith(`${m}/`)));
  return (
    <nav aria-label={label} className="flex gap-4 text-sm font-medium">
      {items.map((item) => {
        const active = current(item.match);
        return (
          <Link
            key={item.href}
            href={item.href}
            aria-current={active ? 'page' : undefined}
            className={`hover:text-brand-700 hover:underline ${active ? 'text-brand-700 underline underline-offset-4' : 'text-slate-800'}`}
          >
            {item.text}
          </Link>
        );
      })}
    </nav>
  );
}
