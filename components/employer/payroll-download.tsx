import { buttonVariants } from '@/components/ui/button';
import { Label } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { EmployerTranslate } from '@/lib/employer/i18n';
import type { Lang } from '@/lib/i18n/messages';

/** The month's payroll file as CSV or Excel: a GET form to /api/employer/payroll, so the browser downloads the answer. */
export function PayrollDownload({ month, lang, t }: { month: string; lang: Lang; t: EmployerTranslate }) {
  return (
    <form method="get" action="/api/employer/payroll" className="flex flex-wrap items-end gap-3" data-testid="payroll-form">
      <input type="hidden" name="lang" value={lang} />
      <div className="flex-[0_1_12rem]">
        <Label htmlFor="payroll-month">{t('payrollMonth')}</Label>
        <Input id="payroll-month" name="month" type="month" required pattern="\d{4}-\d{2}" placeholder="2026-11" defaultValue={month} className="mt-1 h-control" />
      </div>
      <button type="submit" name="format" value="csv" className={buttonVariants({ variant: 'primary' })}>
        {t('downloadCsv')}
      </button>
      <button type="submit" name="format" value="xlsx" className={buttonVariants({ variant: 'secondary' })}>
        {t('downloadXlsx')}
      </button>
    </form>
  );
}
