import { route } from '@/lib/api/with-api';
import { payrollQueryOf } from '@/lib/employer/http/payroll';
import { withEmployer } from '@/lib/employer/http/auth';
import { payrollCsv, payrollFileName, payrollXlsx } from '@/lib/employer/use-cases/payroll-export';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/employer/payroll?month=YYYY-MM&format=csv|xlsx&lang=de|en — the month's payroll file of the employer's leases
  GET: withEmployer(async (ctx) => {
    const { month, format, lang } = payrollQueryOf(ctx.url, ctx.req);
    const body = format === 'csv' ? await payrollCsv(ctx.staff, month, lang) : new Uint8Array(await payrollXlsx(ctx.staff, month, lang));
    return new Response(body, {
      headers: {
        'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': `attachment; filename="${payrollFileName(ctx.staff.employerName, month, format, lang)}"`,
      },
    });
  }),
});
