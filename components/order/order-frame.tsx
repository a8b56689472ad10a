import type { ReactNode } from 'react';

/** The frame of the customer's pages: Spoke's name and one narrow column, phone first. */
export function OrderFrame({ lang, children }: { lang: 'de' | 'en'; children: ReactNode }) {
  return (
    <div lang={lang} className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-10">
      <header className="mb-6">
        <p className="text-lg font-bold text-brand-700">Spoke</p>
      </header>
      <main id="main" className="space-y-5">
        {children}
      </main>
    </div>
  );
}
