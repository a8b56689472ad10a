/**
 * The caller's address for per-address rate limits: the right-most X-Forwarded-For entry, which
 * is the one the nearest proxy (or Next.js itself, from the socket) wrote. See docs/security.md:
 * a deployment exposed without a proxy cannot tell a forged header apart, so per-client limits
 * are what protects a client's secret.
 */
export function clientAddress(req: Request): string {
  const forwarded = req.headers.get('x-forwarded-for');
  const last = forwarded?.split(',').pop()?.trim();
  return last || req.headers.get('x-real-ip') || 'unknown';
}
