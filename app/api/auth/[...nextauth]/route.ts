import NextAuth from 'next-auth';
import { NextRequest } from 'next/server';
import { readLimitedText } from '@/lib/api/body';
import { ApiError, fieldError } from '@/lib/api/errors';
import { withRequest } from '@/lib/api/with-api';
import { authOptions } from '@/lib/auth/next-auth';

// next-auth's endpoints (sign-in, sign-out, session, CSRF) under /api/auth. next-auth reads a body
// whole and answers an empty 500 when it cannot: the body is read here first, at most 8 KiB
// (by Content-Length, then while streaming), and every refusal or failure answers the envelope.
const nextAuth = NextAuth(authOptions) as (req: NextRequest, ctx: { params: Promise<unknown> }) => Promise<Response>;
const MAX_BODY = 8 * 1024;

const handler = withRequest(async ({ req, params }) => {
  const context = { params: Promise.resolve(params) };
  if (req.method !== 'POST') return nextAuth(req as NextRequest, context);
  const text = await readLimitedText(req, MAX_BODY);
  if (text === undefined) {
    throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'bodyTooLarge', undefined, { maximum: '8 KiB' })] });
  }
  if (/application\/json/i.test(req.headers.get('content-type') ?? '')) {
    try {
      JSON.parse(text);
    } catch {
      throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'json', undefined)] });
    }
  }
  return nextAuth(new NextRequest(req.url, { method: 'POST', headers: req.headers, body: text }), context);
});

export { handler as GET, handler as POST };
