import NextAuth from 'next-auth';
import { NextRequest } from 'next/server';
import { readLimitedText } from '@/lib/api/body';
import { ApiError, badRequest, fieldError } from '@/lib/api/errors';
import { withRequest } from '@/lib/api/with-api';
import { authOptions, callbackUrlCookieNames, isValidCallbackUrl } from '@/lib/auth/next-auth';

// next-auth's endpoints (sign-in, sign-out, session, CSRF) under /api/auth. next-auth reads a body
// whole and answers an empty 500 when it cannot, and a callback URL it cannot parse is a 500 "server
// configuration" error: the body is read here first, at most 8 KiB (by Content-Length, then while
// streaming), a malformed `callbackUrl` (query, body or next-auth's callback cookie, which the
// answer then clears) is a 400 naming it, and every refusal or failure answers the envelope.
const nextAuth = NextAuth(authOptions) as (req: NextRequest, ctx: { params: Promise<unknown> }) => Promise<Response>;
const MAX_BODY = 8 * 1024;

/** The callback cookies of a request that next-auth could not parse (it reads cookies itself, from Next.js). */
function malformedCallbackCookies(header: string | null): string[] {
  const bad: string[] = [];
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq).trim();
    if (eq <= 0 || !callbackUrlCookieNames.includes(name)) continue;
    let value = part.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      bad.push(name);
      continue;
    }
    if (value !== '' && !isValidCallbackUrl(value)) bad.push(name);
  }
  return bad;
}

function checkCallbackUrls(values: (string | null | undefined)[]): void {
  if (values.some((v) => typeof v === 'string' && v !== '' && !isValidCallbackUrl(v))) badRequest([fieldError('INVALID_PARAMETER', 'invalid', 'callbackUrl')]);
}

const handler = withRequest(async ({ req, url, params }) => {
  const context = { params: Promise.resolve(params) };
  checkCallbackUrls(url.searchParams.getAll('callbackUrl'));
  const badCookies = malformedCallbackCookies(req.headers.get('cookie'));
  if (badCookies.length > 0) {
    // The browser drops the cookie with this answer (one at a time); its next request is served.
    const name = badCookies[0]!;
    throw new ApiError('INVALID_PARAMETER', {
      entries: [fieldError('INVALID_PARAMETER', 'invalid', 'callbackUrl')],
      headers: { 'Set-Cookie': `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith('__Secure-') ? '; Secure' : ''}` },
    });
  }
  if (req.method !== 'POST') return nextAuth(req as NextRequest, context);
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
  return nextAuth(new NextRequest(req.url, { method: 'POST', headers: req.headers, body: text }), context);
});

export { handler as GET, handler as POST };
