import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button';
import { catalogueTranslator, type Messages } from '@/lib/i18n/catalogue';
import { LANG_COOKIE, readerLang } from '@/lib/i18n/words';

// The start page, in the language the reader chose, else the browser's (messages/<locale>/start.json).

async function startTranslator() {
  const lang = readerLang((await cookies()).get(LANG_COOKIE)?.value, (await headers()).get('accept-language'));
  const t = catalogueTranslator(lang);
  return (key: keyof Messages['start']) => t(`start.${key}`);
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await startTranslator();
  return { title: { absolute: t('metaTitle') } };
}

export default async function Home() {
  const t = await startTranslator();
  const steps = [1, 2, 3].map((n) => ({ title: t(`step${n}Title` as keyof Messages['start']), text: t(`step${n}Text` as keyof Messages['start']) }));
  return (
    <main className="mx-auto max-w-4xl px-6 py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t('eyebrow')}</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-ink">{t('title')}</h1>
      <p className="mt-4 max-w-2xl text-lg text-ink-muted">{t('intro')}</p>
      <nav aria-label={t('getStarted')} className="mt-8 flex flex-wrap gap-3">
        <Link href="/portal" className={buttonVariants({ variant: 'primary' })}>
          {t('portal')}
        </Link>
        <Link href="/employer" className={buttonVariants({ variant: 'secondary' })}>
          {t('employer')}
        </Link>
        <Link href="/docs" className={buttonVariants({ variant: 'secondary' })}>
          {t('docs')}
        </Link>
        {/* A JSON endpoint, not a page: a plain link (the lint rule takes the /api catch-all route for pages). */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/api/health" className={buttonVariants({ variant: 'ghost' })}>
          {t('health')}
        </a>
      </nav>
      <ol className="mt-12 grid gap-4 sm:grid-cols-3">
        {steps.map((s, i) => (
          <li key={s.title} className="rounded-card border border-line bg-surface p-5">
            <p className="text-sm font-semibold text-brand-700">
              {i + 1}. {s.title}
            </p>
            <p className="mt-2 text-sm text-ink-muted">{s.text}</p>
          </li>
        ))}
      </ol>
    </main>
  );
}
