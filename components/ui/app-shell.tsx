'use client';

import { Menu } from 'lucide-react';
import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { Suspense, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import { cn } from './cn';
import { LazySheet } from './lazy-sheet';

// The frame of both faces: a skip link, the brand, the navigation (in a Sheet below 768 px, from
// there a row of its own under the brand), the header's tools, optional actions that stay in the
// header at every width (e.g. the portal's notifications), an optional notice under the header
// and the main area.

/**
 * `count` (written for the reader, with its spoken `countLabel`) shows how many items wait behind a link, e.g. a work queue.
 * `match`: the paths the link is current on (each a prefix; with `?name=value` only while the address has that parameter).
 */
export type NavItem = { href: string; text: string; match?: string[]; count?: string; countLabel?: string };

export type AppShellTexts = { skipToContent: string; mainNav: string; openMenu: string; closeMenu: string; menu: string };

/** How well `item` matches the address (0: not at all): a longer prefix is more specific, a matching parameter more still. */
export function navMatchScore(item: NavItem, path: string, search: URLSearchParams | null): number {
  let best = 0;
  for (const pattern of item.match ?? [item.href]) {
    const [prefix = '', query] = pattern.split('?');
    const onPath = prefix === item.href && item.href.split('/').length <= 2 ? path === prefix : path === prefix || path.startsWith(`${prefix}/`);
    if (!onPath) continue;
    const wanted = query ? [...new URLSearchParams(query)] : [];
    if (wanted.some(([k, v]) => search?.get(k) !== v)) continue;
    best = Math.max(best, prefix.length + (wanted.length > 0 ? 1000 : 0));
  }
  return best;
}

function NavLinks(props: { items: NavItem[]; label: string; vertical?: boolean; onNavigate?: () => void }) {
  // The address's parameters are read on the client only (a page rendered without them marks by path).
  return (
    <Suspense fallback={<NavList {...props} search={null} />}>
      <NavWithSearch {...props} />
    </Suspense>
  );
}

function NavWithSearch(props: { items: NavItem[]; label: string; vertical?: boolean; onNavigate?: () => void }) {
  return <NavList {...props} search={useSearchParams()} />;
}

function NavList({ items, label, vertical, onNavigate, search }: { items: NavItem[]; label: string; vertical?: boolean; onNavigate?: () => void; search: URLSearchParams | null }) {
  const path = usePathname() ?? '';
  // The most specific match wins (the list's "/portal" is not current on "/portal/webhooks").
  const current = items
    .map((item) => ({ item, score: navMatchScore(item, path, search) }))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score)[0]?.item;
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
