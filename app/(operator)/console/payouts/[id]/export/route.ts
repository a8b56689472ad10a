import { consoleFileViewer, fileNotFound } from '@/lib/purchase-orders/http/console-file';
import { UUID_PATTERN } from '@/lib/shared/validation';
import { payoutFile } from '@/lib/purchase-orders/use-cases/payout-export-face';

// GET /console/payouts/{id}/export?format=csv|xlsx — a payout run's list for the bank transfer, in
// the operator's language and locale; operators only.

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const viewer = await consoleFileViewer(req);
  if (viewer instanceof Response) return viewer;
  const { id } = await params;
  const format = new URL(req.url).searchParams.get('format') === 'xlsx' ? 'xlsx' : 'csv';
  const file = UUID_PATTERN.test(id) ? await payoutFile(id, format, viewer.lang) : null;
  if (!file) return fileNotFound(viewer.lang);
  return new Response(file.body as BodyInit, {
    headers: { 'Content-Type': file.contentType, 'Content-Disposition': `attachment; filename="${file.fileName}"`, 'Cache-Control': 'private, no-store' },
  });
}
