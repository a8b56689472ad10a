import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Lang } from '@/lib/i18n/messages';
import { OrderFrame } from './order-frame';

/** The frame of the Impressum and the privacy notice: the title, a link to the other language, the sections. */
export function LegalPage({ lang, title, otherLang, path, children }: { lang: Lang; title: string; otherLang: string; path: string; children: ReactNode }) {
  const other: Lang = lang === 'de' ? 'en' : 'de';
  return (
    <OrderFrame lang={lang}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        <Link href={`${path}?lang=${other}`} hrefLang={other} lang={other} className="rounded-control text-sm font-medium text-brand-700 underline underline-offset-2 focus-visible:focus-ring">
          {otherLang}
        </Link>
      </div>
      {children}
    </OrderFrame>
  );
}

/** One section of a legal page: a heading and its text. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-1">
      <h2 className="text-base font-semibold text-ink">{title}</h2>
      <div className="break-words text-ink">{children}</div>
    </section>
  );
}
