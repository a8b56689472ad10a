import 'server-only';
import { createHash } from 'node:crypto';
import { getDb } from '@/lib/database';
import { findDealerLetterhead } from '@/db/repositories/dealers';
import { findOffer } from '@/db/repositories/offers';
import { notFound } from '@/lib/api/errors';
import type { Tenant } from '@/lib/auth/authenticate';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import { catalogueTranslator } from '@/lib/i18n/catalogue';
import type { Lang } from '@/lib/i18n/messages';
import { offerAnswer } from '@/lib/leasing/offer-lease';
import { linkRequestUrl } from '@/lib/orders/customer-link';
import { formatDate } from '@/lib/portal/i18n';
import { DOCUMENT_LAYOUT_VERSION, offerPdf } from './offer-pdf';

// The offer document of one of the tenant's offers (the same tenant rule as reading the offer).
// Its ETag is known before anything is drawn — a hash of everything the document prints — so a
// request whose If-None-Match names it is answered 304 without rendering.

export type OfferDocument = { filename: string; etag: string; render: () => Promise<Buffer> };

export async function offerDocument(tenant: Tenant, id: string, lang: Lang, now = new Date()): Promise<OfferDocument> {
  const db = getDb();
  const record = await findOffer(db, tenant, id);
  if (!record) notFound();
  const offer = await offerAnswer(db, record, lang);
  const [letterhead, catalogue] = await Promise.all([findDealerLetterhead(db, tenant.dealerId), loadCatalogue()]);
  const dealer = letterhead ?? { name: '', address: null };
  const qrUrl = linkRequestUrl(id);
  const printedDate = formatDate(now.toISOString(), lang);
  const prefix = catalogueTranslator(lang)('common.offerFileName');
  const printed = JSON.stringify([DOCUMENT_LAYOUT_VERSION, lang, printedDate, dealer, qrUrl, offer]);
  return {
    filename: `${prefix}-${offer.offerNumber}.pdf`,
    etag: `W/"pdf-${createHash('sha256').update(printed).digest('base64url').slice(0, 27)}"`,
    render: () =>
      offerPdf({
        offer,
        dealer,
        categoryName: (code) => {
          const node = catalogue.get(code);
          return node ? (lang === 'en' ? node.nameEn : node.nameDe) : undefined;
        },
        qrUrl,
        lang,
        now,
      }),
  };
}

/** Whether If-None-Match names the ETag (weak comparison, as RFC 9110 has it for this header) or is `*`. */
function matchesIfNoneMatch(req: Request, etag: string): boolean {
  const header = req.headers.get('if-none-match');
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** The answer with the PDF (download with a file name), or 304 without rendering when the client has it. */
export async function pdfAnswer(req: Request, doc: OfferDocument, extra: Record<string, string> = {}): Promise<Response> {
  const headers = { ETag: doc.etag, 'Cache-Control': 'private, no-cache', Vary: 'Accept, Accept-Language', ...extra };
  if (matchesIfNoneMatch(req, doc.etag)) return new Response(null, { status: 304, headers });
  const pdf = await doc.render();
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${doc.filename}"`,
      'Content-Length': String(pdf.length),
      ...headers,
    },
  });
}

/** True when the Accept header prefers a PDF to JSON (by q-value, then by order). */
export function prefersPdf(accept: string | null): boolean {
  if (!accept) return false;
  let best: { type: string; q: number } | null = null;
  for (const part of accept.split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';').map((s) => s.trim());
    if (!type) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    const kind = type === 'application/pdf' ? 'pdf' : type === 'application/json' || type === 'application/*' || type === '*/*' ? 'json' : null;
    if (!kind) continue;
    if (!best || q > best.q) best = { type: kind, q };
  }
  return best?.type === 'pdf';
}
