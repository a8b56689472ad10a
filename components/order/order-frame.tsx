import Link from 'next/link';
import type { ReactNode } from 'react';
import { LEGAL_PATHS, operatorDetails } from '@/lib/legal/operator';
import { orderTranslator } from '@/lib/orders/i18n';

/**
 * The frame of the customer's pages: Spoke's name and one narrow column, phone first; at the foot
 * who is behind it (the leasing operator, configured) and the links to its Impressum and privacy
 * notice, on every customer page.
 */
export function OrderFrame({ lang, children }: { lang: 'de' | 'en'; children: ReactNode }) {
  return (
    <div lang={lang} className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-10">
      <header className="mb-6">
        <p className="text-lg font-bold text-brand-700">Spoke</p>
      </header>
      <main id="main" className="space-y-5">
        {children}
      </main>
      <LegalFooter lang={lang} />
    </div>
  );
}

/** The operator and the legal links (the customer's pages, the Impressum and the privacy notice). */
export function LegalFooter({ lang }: { lang: 'de' | 'en' }) {
  const t = orderTranslator(lang);
  const operator = operatorDetails();
  const link = 'rounded-control font-medium text-brand-700 underline underline-offset-2 focus-visible:focus-ring';
  return (
    <footer className="mt-10 space-y-1 border-t border-line pt-4 text-xs text-ink-muted" data-testid="legal-footer">
      <p className="break-words">{t('footerOperator', { operator: operator.name })}</p>
      <p className="break-words">{operator.addressLines.join(', ')}</p>
      <nav aria-label={t('footerNav')} className="flex flex-wrap gap-x-4 gap-y-1 pt-1">
        <Link href={LEGAL_PATHS.impressum} className={link}>
          {t('footerImpressum')}
        </Link>
        <Link href={LEGAL_PATHS.privacy} className={link}>
          {t('footerPrivacy')}
        </Link>
      </nav>
    </footer>
  );
}
