import 'server-only';
import { ApiError } from '@/lib/api/errors';
import { offerDocument, pdfAnswer } from '@/lib/documents/offer-document';
import { apiLimiter, consume, rateLimitHeaders } from '@/lib/rate-limit';
import type { StreamViewer } from './offer-events';
import { answerTexts } from '@/lib/i18n/messages';
import { UUID_PATTERN } from '@/lib/shared/validation';

// The portal's download of an offer document (GET /portal/offers/{id}/document): the same document
// as GET /v1/offers/{id} with Accept: application/pdf, counted against the signed-in user's rate
// limit as the portal's /v1 calls are (key `user:<id>`), 304 for the ETag the browser already has.

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store', ...headers } });

export async function portalOfferDocument(req: Request, viewer: StreamViewer & { lang: 'de' | 'en' }, id: string): Promise<Response> {
  const limit = await consume(apiLimiter, `user:${viewer.userId}`);
  if (!limit.allowed) return text(429, answerTexts.documentTooManyRequests[viewer.lang], rateLimitHeaders(limit));
  const notFound = () => text(404, answerTexts.offerNotFound[viewer.lang]);
  if (!UUID_PATTERN.test(id)) return notFound();
  try {
    return await pdfAnswer(req, await offerDocument(viewer.tenant, id, viewer.lang), rateLimitHeaders(limit));
  } catch (err) {
    if (err instanceof ApiError && err.code === 'NOT_FOUND') return notFound();
    throw err;
  }
}
