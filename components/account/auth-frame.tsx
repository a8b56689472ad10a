import type { ReactNode } from 'react';
import type { Lang } from '@/lib/i18n/messages';
import { LanguageChoice } from './face-controls';

/** The frame of the pages before signing in (sign-in, forgotten password, a password link): the face's name, the language choice, one card. */
export function AuthFrame({
  lang,
  brand,
  languageLegend,
  title,
  intro,
  children,
}: {
  lang: Lang;
  /** "Spoke" and the face's name. */
  brand: { app: string; face: string };
  languageLegend: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div lang={lang} className="flex min-h-screen items-start justify-center px-4 py-16">
      <main className="w-full max-w-sm">
        <div className="mb-6 flex items-center justify-between">
          <p className="text-lg font-bold text-brand-700">
            {brand.app} <span className="font-medium text-ink-muted">· {brand.face}</span>
          </p>
          <LanguageChoice lang={lang} legend={languageLegend} />
        </div>
        <div className="rounded-card border border-line bg-surface p-6 shadow-sm">
          <h1 className="text-2xl font-bold">{title}</h1>
          {intro ? <p className="mt-1 text-sm text-ink-muted">{intro}</p> : null}
          {children}
        </div>
      </main>
    </div>
  );
}
