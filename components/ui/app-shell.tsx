'use client';

import { Menu } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import { cn } from './cn';
import { LazySheet } from './lazy-sheet';

// The frame of both faces: a skip link, the brand, the navigation (in a Sheet below 768 px, from
// there a row of its own under the brand), the header's tools, optional actions that stay in the
// header at every width (e.g. the portal's notifications), an optional notice under the header
// and the main area.

/** `count` (written for the reader, with its spoken `countLabel`) shows how many items wait behind a link, e.g. a work queue. */
export type NavItem = { href: string; text: string; match?: string[]; count?: string; countLabel?: string };

export type AppShellTexts = { skipToContent: string; mainNav: string; openMenu: string; closeMenu: string; menu: string };

function isCurrent(item: NavItem, path: string): boolean {
  const prefixes = item.match ?? [item.href];
  return prefixes.some((p) => (p === item.href && item.href.split('/').length <= 2 ? path === p : path === p || path.startsWith(`${p}/`)));
}

function NavLinks({ items, label, vertical, onNavigate }: { items: NavItem[]; label: string; vertical?: boolean; onNavigate?: () => void }) {
  const path = usePathname() ?? '';
  // The most specific match wins (the list's "/portal" is not current on "/portal/webhooks").
  const current = items
    .filter((i) => isCurrent(i, path))
    .sort((a, b) => b.href.length - a.href.length)[0];
  return (
    <nav aria-label={label}>
      <ul className={cn('flex flex-wrap gap-1 text-sm font-medium', vertical && 'flex-col flex-nowrap')}>
        {items.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              onClick={onNavigate}
              aria-current={item === current ? 'page' : undefined}
              className="block whitespace-nowrap rounded-control px-3 py-2 text-ink hover:bg-canvas focus-visible:focus-ring aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-900"
            >
              {item.text}
              {item.count !== undefined ? (
                <span className="ml-1.5 rounded-full bg-line px-1.5 text-xs tabular-nums text-ink" data-testid="nav-count" title={item.countLabel}>
                  {item.count}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AppShell({
  brand,
  homeHref,
  nav,
  tools,
  actions,
  notice,
  texts,
  lang,
  children,
}: {
  brand: ReactNode;
  homeHref: string;
  nav: NavItem[];
  tools: ReactNode;
  /** Shown in the header at every width (the tools move into the menu below 768 px). */
  actions?: ReactNode;
  notice?: ReactNode;
  texts: AppShellTexts;
  lang: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <div lang={lang} className="flex min-h-screen flex-col bg-canvas">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-control focus:bg-surface focus:px-3 focus:py-2">
        {texts.skipToContent}
      </a>
      <header className="border-b border-line bg-surface print:hidden">
        <div className="mx-auto flex max-w-shell flex-wrap items-center gap-x-4 gap-y-1 px-page py-2">
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={texts.openMenu}
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => setOpen(true)}
          >
            <Menu aria-hidden="true" />
          </Button>
          <LazySheet open={open} onOpenChange={setOpen} returnFocus={menuButton} side="left" title={texts.menu} closeLabel={texts.closeMenu}>
            <NavLinks items={nav} label={texts.mainNav} vertical onNavigate={() => setOpen(false)} />
            <div className="flex flex-col items-start gap-3 border-t border-line pt-4">{tools}</div>
          </LazySheet>
          <Link href={homeHref} className="shrink-0 rounded-control text-lg font-bold text-brand-700 focus-visible:focus-ring">
            {brand}
          </Link>
          <div className="ml-auto hidden shrink-0 flex-wrap items-center justify-end gap-x-4 gap-y-2 md:flex">{tools}</div>
          {actions ? <div className="ml-auto flex shrink-0 items-center md:ml-0">{actions}</div> : null}
          {/* From 768 px a row of its own under the brand and the tools: beside them it was squeezed into several lines. */}
          <div className="hidden min-w-0 basis-full md:-ml-3 md:block">
            <NavLinks items={nav} label={texts.mainNav} />
          </div>
        </div>
        {notice}
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full min-w-0 max-w-shell flex-1 px-page py-section focus:outline-none">
        {children}
      </main>
    </div>
  );
}
