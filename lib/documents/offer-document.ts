import 'server-only';
import { createHash } from 'node:crypto';
import { getDb } from '@/lib/database';
import { findDealerLetterhead } from '@/db/repositories/dealers';
import { findOffer } from '@/db/repositories/offers';
import { notFound } from '@/lib/api/errors';
import type { Tenant } from '@/lib/auth/authenticate';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import type { Lang } from '@/lib/i18n/messages';
import { serializeOffer } from '@/lib/offers/serialize';
import { linkRequestUrl } from '@/lib/orders/customer-link';
import { offerPdf } from './offer-pdf';

// The offer document of one of the tenant's offers (the same tenant rule as reading the offer).


export async function offerDocument(tenant: Tenant, id: string, lang: Lang, now = new Date()) {
  const db = getDb();
  const record = await findOffer(db, tenant, id);
  if (!record) notFound();
  const offer = serializeOffer(record, lang);
  const [dealer, catalogue] = await Promise.all([findDealerLetterhead(db, tenant.dealerId), loadCatalogue()]);
  const pdf = await offerPdf({
    offer,
    dealer: dealer ?? { name: '', address: null },
    categoryName: (code) => {
      const node = catalogue.get(code);
      return node ? (lang === 'en' ? node.nameEn : node.nameDe) : undefined;
    },
    qrUrl: linkRequestUrl(id),
    lang,
    now,
  });
  const prefix = lang === 'en' ? 'Offer' : 'Angebot';
  return {
    pdf,
    filename: `${prefix}-${offer.offerNumber}.pdf`,
    // The document changes when the offer (or the language) does, not with its creation time.
    etag: `W/"pdf-${createHash('sha256').update(`${lang}:${JSON.stringify(offer)}`).digest('base64url').slice(0, 27)}"`,
  };
}

/** The answer with the PDF (download with a file name). */
export function pdfResponse(doc: { pdf: Buffer; filename: string; etag: string }, extra: Record<string, string> = {}): Response {
  return new Response(new Uint8Array(doc.pdf), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${doc.filename}"`,
      'Content-Length': String(doc.pdf.length),
      ETag: doc.etag,
      'Cache-Control': 'private, no-cache',
      Vary: 'Accept, Accept-Language',
      ...extra,
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
