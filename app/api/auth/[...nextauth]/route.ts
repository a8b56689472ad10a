import NextAuth from 'next-auth';
import { NextRequest } from 'next/server';
import { readLimitedText } from '@/lib/api/body';
import { ApiError, badRequest, fieldError } from '@/lib/api/errors';
import { withRequest } from '@/lib/api/with-api';
import { authOptions, callbackUrlCookieNames, isValidCallbackUrl } from '@/lib/auth/next-auth';

// next-auth's endpoints (sign-in, sign-out, session, CSRF) under /api/auth. next-auth reads a body
// whole and answers an empty 500 when it cannot, and a callback URL it cannot parse is a 500 "server
// configuration" error: the body is read here first, at most 8 KiB (by Content-Length, then while
// streaming), a malformed `callbackUrl` (query or body) is a 400 naming it, a malformed callback
// cookie is left out, and every refusal or failure answers the envelope.
const nextAuth = NextAuth(authOptions) as (req: NextRequest, ctx: { params: Promise<unknown> }) => Promise<Response>;
const MAX_BODY = 8 * 1024;

/** The request's cookie header without a callback cookie next-auth could not parse. */
function usableCookies(header: string | null): string | null {
  if (!header) return header;
  return header
    .split(';')
    .filter((part) => {
      const eq = part.indexOf('=');
      if (eq <= 0 || !callbackUrlCookieNames.includes(part.slice(0, eq).trim())) return true;
      let value = part.slice(eq + 1).trim();
      try {
        value = decodeURIComponent(value);
      } catch {
        return false;
      }
      return isValidCallbackUrl(value);
    })
    .join(';');
}

function checkCallbackUrls(values: (string | null | undefined)[]): void {
  if (values.some((v) => typeof v === 'string' && v !== '' && !isValidCallbackUrl(v))) badRequest([fieldError('INVALID_PARAMETER', 'invalid', 'callbackUrl')]);
}

const handler = withRequest(async ({ req, url, params }) => {
  const context = { params: Promise.resolve(params) };
  checkCallbackUrls(url.searchParams.getAll('callbackUrl'));
  const headers = new Headers(req.headers);
  const cookie = usableCookies(req.headers.get('cookie'));
  if (cookie === null) headers.delete('cookie');
  else headers.set('cookie', cookie);
  if (req.method !== 'POST') return nextAuth(new NextRequest(req.url, { method: req.method, headers }), context);
  const text = await readLimitedText(req, MAX_BODY);
  if (text === undefined) {
    throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'bodyTooLarge', undefined, { maximum: '8 KiB' })] });
  }
  if (/application\/json/i.test(req.headers.get('content-type') ?? '')) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'json', undefined)] });
    }
    if (body && typeof body === 'object' && 'callbackUrl' in body) {
      const value = (body as { callbackUrl: unknown }).callbackUrl;
      if (value !== undefined && typeof value !== 'string') badRequest([fieldError('INVALID_PARAMETER', 'invalid', 'callbackUrl')]);
      checkCallbackUrls([value as string | undefined]);
    }
  } else {
    checkCallbackUrls(new URLSearchParams(text).getAll('callbackUrl'));
  }
  return nextAuth(new NextRequest(req.url, { method: 'POST', headers, body: text }), context);
});

export { handler as GET, handler as POST };
