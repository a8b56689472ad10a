/**
 * The caller's address for per-address rate limits and log lines. `npm start`'s server
 * (scripts/server.mjs) decides it once from the socket and TRUST_PROXY — the socket's address by
 * default, or the entry the outermost trusted proxy wrote — and replaces X-Forwarded-For with that
 * one address before the app sees the request, so a client-supplied header is never believed
 * (docs/security.md, "Hardening"). Behind a platform that sets the header itself, its right-most
 * entry is the one the platform wrote.
 */
import 'server-only';

export function clientAddress(req: Request): string {
  const forwarded = req.headers.get('x-forwarded-for');
  const last = forwarded?.split(',').pop()?.trim();
  return last || 'unknown';
}
