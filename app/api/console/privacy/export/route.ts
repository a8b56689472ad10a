import { route } from '@/lib/api/with-api';
import { customerDataPdf } from '@/lib/documents/privacy-pdf';
import { consoleBody, withConsole } from '@/lib/console/http/route';
import { privacyExportSchema } from '@/lib/console/schemas';
import { exportCustomer } from '@/lib/console/use-cases/privacy';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/privacy/export — a customer's data as a JSON file or a PDF summary (recorded in the audit log)
  POST: withConsole(async (ctx) => {
    const body = await consoleBody(ctx, privacyExportSchema);
    const { data, request } = await exportCustomer(ctx.operator, body, ctx.lang);
    const name = `spoke-data-${body.requestDate}-${request.id}`;
    if (body.format === 'pdf') {
      const pdf = await customerDataPdf(data, { date: body.requestDate, reference: body.reference }, ctx.lang);
      return new Response(new Uint8Array(pdf), {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}.pdf"` },
      });
    }
    const file = { request: { date: body.requestDate, reference: body.reference, exportedAt: request.occurredAt.toISOString() }, ...data };
    return new Response(`${JSON.stringify(file, null, 2)}\n`, {
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}.json"` },
    });
  }),
});
