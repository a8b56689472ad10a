import { ChevronLeft, ChevronRight } from 'lucide-react';
import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button';
import { Label } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { EmployerTranslate } from '@/lib/employer/i18n';

// The search, sort and paging of the employer face's server-paged lists (leases, employees): a
// plain GET form and page links, so the URL is the state and the list works without scripts.

export function ListSearch({
  action,
  q,
  placeholder,
  sort,
  t,
}: {
  action: string;
  q: string;
  placeholder: string;
  sort?: { value: string; options: { value: string; label: string }[] };
  t: EmployerTranslate;
}) {
  return (
    <form method="get" action={action} role="search" className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-[1_1_16rem]">
        <Label htmlFor="list-q">{t('search')}</Label>
        <Input id="list-q" name="q" type="search" className="mt-1 h-control" defaultValue={q} placeholder={placeholder} />
      </div>
      {sort ? (
        <div className="flex-[0_1_14rem]">
          <Label htmlFor="list-sort">{t('sortBy')}</Label>
          <NativeSelect id="list-sort" name="sort" className="mt-1" defaultValue={sort.value}>
            {sort.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      <button type="submit" className={buttonVariants({ variant: 'secondary' })}>
        {t('searchButton')}
      </button>
    </form>
  );
}

/** "1–25 of 80" with previous and next links, keeping the other parameters. */
export function ListPages({ base, params, page, pageSize, total, t }: { base: string; params: Record<string, string>; page: number; pageSize: number; total: number; t: EmployerTranslate }) {
  if (total <= pageSize && page === 1) return null;
  const href = (p: number) => `${base}?${new URLSearchParams({ ...params, page: String(p) }).toString()}`;
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label={t('pages')} className="mt-3 flex flex-wrap items-center justify-end gap-3 text-sm">
      {page > 1 ? (
        <Link href={href(page - 1)} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
          <ChevronLeft aria-hidden="true" />
          {t('previousPage')}
        </Link>
      ) : null}
      <span className="text-ink-muted">{t('resultCount', { from, to, total })}</span>
      {to < total ? (
        <Link href={href(page + 1)} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
          {t('nextPage')}
          <ChevronRight aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}

/** A page number from `?page=` (1 when missing or malformed). */
export function pageParam(raw: string | string[] | undefined): number {
  return typeof raw === 'string' && /^\d{1,6}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 1;
}

/** A search text from the URL: control characters (a NUL) dropped, at most `max` characters. */
export function textParam(raw: string | string[] | undefined, max = 100): string {
  return typeof raw === 'string' ? raw.replace(/[\p{Cc}\u2028\u2029]/gu, ' ').trim().slice(0, max) : '';
}
