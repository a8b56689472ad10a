import { consoleFileViewer, fileNotFound } from '@/lib/purchase-orders/http/console-file';
import { UUID_PATTERN } from '@/lib/shared/validation';
import { invoicePdfAnswer } from '@/lib/purchase-orders/http/invoice-pdf';
import { invoiceOwner } from '@/lib/purchase-orders/use-cases/console-order-face';

// GET /console/invoices/{id}/document — the invoice's PDF beside its check (its offer's newest
// invoice: the one in the queue), for operators only.

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const viewer = await consoleFileViewer(req);
  if (viewer instanceof Response) return viewer;
  const { id } = await params;
  const owner = UUID_PATTERN.test(id) ? await invoiceOwner(id).catch(() => null) : null;
  if (!owner) return fileNotFound(viewer.lang);
  return invoicePdfAnswer(owner.tenant, owner.offerId, viewer.lang);
}
