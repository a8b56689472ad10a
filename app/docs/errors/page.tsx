import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { errorReference, statusEntryReference, warningReference, type CodeReferenceEntry } from '@/lib/api/error-reference';
import { OAUTH_ERRORS, type OAuthError } from '@/lib/auth/oauth-errors';
import { catalogueTranslator } from '@/lib/i18n/catalogue';
import type { Lang } from '@/lib/i18n/messages';
import { negotiateLang } from '@/lib/i18n/words';
import { errorExample } from '@/lib/openapi/examples';

// /docs/errors — the published error reference: every code of the one error table with its status,
// message, cause and fix (lib/api/error-reference.ts), one anchor per code. Every error object of
// the API links here (`docs`). Server-rendered without scripts, so it works offline and under the
// nonce policy as it is; German or English by ?lang or Accept-Language.

export const metadata: Metadata = { title: 'Error reference' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

async function languageOf(searchParams: Props['searchParams']): Promise<Lang> {
  const asked = (await searchParams).lang;
  if (asked === 'de' || asked === 'en') return asked;
  return negotiateLang((await headers()).get('accept-language'), 'en');
}

export default async function ErrorReferencePage({ searchParams }: Props) {
  const lang = await languageOf(searchParams);
  const t = (key: string) => (catalogueTranslator(lang) as unknown as (k: string) => string)(`docs.${key}`);
  const entries = errorReference();
  const example = JSON.stringify(errorExample('OFFER_NOT_MODIFIABLE'), null, 2);
  return (
    <main lang={lang} className="mx-auto max-w-4xl px-4 py-10 sm:px-6 [overflow-wrap:anywhere]">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Spoke API</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink">{t('errorsTitle')}</h1>
      <nav aria-label={t('languageSwitch')} className="mt-4 flex flex-wrap gap-3 text-sm">
        {(['en', 'de'] as const).map((l) => (
          <a
            key={l}
            href={`?lang=${l}`}
            hrefLang={l}
            aria-current={l === lang ? 'page' : undefined}
            className="rounded-control border border-line bg-surface px-2 py-1 text-ink hover:bg-canvas aria-[current=page]:font-semibold"
          >
            {catalogueTranslator(l)(l === 'de' ? 'common.german' : 'common.english')}
          </a>
        ))}
        <a href="/docs" className="px-2 py-1 text-brand-700 underline-offset-4 hover:underline">
          {t('apiReference')}
        </a>
        <a href="/v1/openapi.json" className="px-2 py-1 text-brand-700 underline-offset-4 hover:underline">
          {t('openapiDocument')}
        </a>
      </nav>
      <p className="mt-6 text-ink-muted">{t('errorsIntro')}</p>
      <h2 className="mt-6 text-lg font-semibold text-ink">{t('errorsEnvelope')}</h2>
      <pre tabIndex={0} className="mt-2 overflow-x-auto rounded-control bg-ink p-4 text-xs text-canvas">
        <code>{example}</code>
      </pre>
      <h2 className="mt-10 text-2xl font-bold text-ink">{t('errorsCodes')}</h2>
      <div className="mt-4 space-y-4">
        {entries.map((e) => (
          <section key={e.code} id={e.code} className="scroll-mt-4 rounded-card border border-line bg-surface p-5">
            <h3 className="font-mono text-lg font-semibold text-ink">
              <a href={`#${e.code}`} className="hover:underline">
                {e.code}
              </a>
            </h3>
            <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
              <dt className="font-medium text-ink-muted">{t('status')}</dt>
              <dd className="text-ink">{e.status}</dd>
              <dt className="font-medium text-ink-muted">{t('message')}</dt>
              <dd className="text-ink">{e.message[lang]}</dd>
              <dt className="font-medium text-ink-muted">{t('cause')}</dt>
              <dd className="text-ink">{e.cause[lang]}</dd>
              <dt className="font-medium text-ink-muted">{t('fix')}</dt>
              <dd className="text-ink">{e.fix[lang]}</dd>
            </dl>
          </section>
        ))}
      </div>
      {(
        [
          ['status', t('statusCodesTitle'), t('statusCodesIntro'), statusEntryReference()],
          ['warnings', t('warningCodesTitle'), t('warningCodesIntro'), warningReference()],
        ] as [string, string, string, CodeReferenceEntry[]][]
      ).map(([id, title, intro, codes]) => (
        <section key={id} aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`} className="mt-10 text-2xl font-bold text-ink">
            {title}
          </h2>
          <p className="mt-2 text-ink-muted">{intro}</p>
          <div className="mt-4 space-y-4">
            {codes.map((e) => (
              <section key={e.code} id={e.code} className="scroll-mt-4 rounded-card border border-line bg-surface p-5">
                <h3 className="font-mono text-lg font-semibold text-ink">
                  <a href={`#${e.code}`} className="hover:underline">
                    {e.code}
                  </a>
                </h3>
                <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
                  <dt className="font-medium text-ink-muted">{t('meaning')}</dt>
                  <dd className="text-ink">{e.message[lang].replace(/\{(\w+)(?::amount)?\}/g, '…')}</dd>
                  <dt className="font-medium text-ink-muted">{t('cause')}</dt>
                  <dd className="text-ink">{e.cause[lang]}</dd>
                  <dt className="font-medium text-ink-muted">{t('fix')}</dt>
                  <dd className="text-ink">{e.fix[lang]}</dd>
                </dl>
              </section>
            ))}
          </div>
        </section>
      ))}
      <h2 id="oauth" className="mt-10 text-2xl font-bold text-ink">
        {t('tokenErrorsTitle')}
      </h2>
      <p className="mt-2 text-ink-muted">{t('tokenErrorsIntro')}</p>
      <dl className="mt-4 space-y-3 text-sm">
        {(Object.keys(OAUTH_ERRORS) as OAuthError[]).map((code) => (
          <div key={code} id={`oauth-${code}`} className="rounded-card border border-line bg-surface p-4">
            <dt className="font-mono font-semibold text-ink">
              {code} <span className="font-sans font-normal text-ink-muted">· HTTP {OAUTH_ERRORS[code]}</span>
            </dt>
            <dd className="mt-1 text-ink">{t(`tokenErrors.${code}`)}</dd>
          </div>
        ))}
      </dl>
    </main>
  );
}
