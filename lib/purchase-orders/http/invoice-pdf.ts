import 'server-only';
import { ApiError } from '@/lib/api/errors';
import type { Tenant } from '@/lib/auth/authenticate';
import { answerTexts, type Lang } from '@/lib/i18n/messages';
import { invoiceDocument } from '@/lib/purchase-orders/use-cases/invoice';
import { UUID_PATTERN } from '@/lib/shared/validation';

// The dealer's invoice PDF as a page link opens it (the portal's offer page, the console's invoice
// check): shown in the browser (inline), never cached; a plain 404 in the reader's language when
// the offer has no invoice of the tenant's.


export async function invoicePdfAnswer(tenant: Tenant, offerId: string, lang: Lang): Promise<Response> {
  const notFound = () => new Response(answerTexts.offerNotFound[lang], { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } });
  if (!UUID_PATTERN.test(offerId)) return notFound();
  try {
    const doc = await invoiceDocument(tenant, offerId);
    return new Response(new Uint8Array(doc.content), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${doc.fileName}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (err) {
    if (err instanceof ApiError && err.code === 'NOT_FOUND') return notFound();
    throw err;
  }
}
