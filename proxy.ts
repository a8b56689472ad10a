import { NextResponse, type NextRequest } from 'next/server';
import { browserLang, LANG_COOKIE } from '@/lib/i18n/words';
import { pagePolicy } from '@/lib/security/csp';
import { linkEndAnswer } from '@/lib/orders/ended-link';
import { clientAddress } from '@/lib/api/client-address';

// Every page request gets a fresh nonce and the strict page policy (lib/security/csp.ts). Next.js
// reads the policy from the request headers and puts the nonce on its own scripts, so pages render
// per request (the root layout asks for it). The API, the token endpoint, the well-known
// documents and Next's static files are not pages: next.config.js gives them their headers.
export async function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const policy = pagePolicy(nonce, process.env.NODE_ENV === 'development');
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  // The root layout writes <html lang> from it: the faces speak the reader's language, the rest English.
  headers.set('x-spoke-path', request.nextUrl.pathname);
  headers.set('Content-Security-Policy', policy);
  // A reader who has not chosen a language gets the browser's (English for en-GB), from the first
  // page on; the choice is kept in the language cookie, which the switcher changes.
  const chosen = request.cookies.get(LANG_COOKIE)?.value;
  const lang = chosen === 'de' || chosen === 'en' ? undefined : browserLang(request.headers.get('accept-language'));
  if (lang) headers.set('cookie', [request.headers.get('cookie'), `${LANG_COOKIE}=${lang}`].filter(Boolean).join('; '));
  // A customer link that no longer works answers at its own address with the page that says why
  // and the way forward (app/order/ended, shown in its place): 404 for one that never existed, 410
  // for one that has ended. That page's own address answers the same.
  const token = /^\/order\/([^/]+)$/.exec(request.nextUrl.pathname)?.[1];
  const end = token && token !== 'link' && token !== 'ended' ? await linkEndAnswer(token, clientAddress(request)) : undefined;
  const ended = /^\/order\/ended\/([a-z]+)$/.exec(request.nextUrl.pathname)?.[1];
  const status = end?.status ?? (ended === undefined ? undefined : ended === 'unknown' ? 404 : 410);
  const init = { request: { headers }, ...(status ? { status } : {}) };
  const response = end ? NextResponse.rewrite(new URL(end.path, request.url), init) : NextResponse.next(init);
  response.headers.set('Content-Security-Policy', policy);
  if (lang) response.cookies.set(LANG_COOKIE, lang, { path: '/', sameSite: 'lax', maxAge: 365 * 86400 });
  // The customer's order pages carry a secret in their address: never passed on as a referrer,
  // never indexed.
  if (/^\/order(\/|$)/.test(request.nextUrl.pathname)) {
    response.headers.set('Referrer-Policy', 'no-referrer');
    response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  }
  return response;
}

// Every page request passes here, a prefetch too (`next-router-prefetch`, `purpose: prefetch`): a
// request a header could steer past the proxy would get a page without its policy, nonce and
// headers, or an ended customer link answered 200.
export const config = {
  matcher: ['/((?!v1|api|oauth|\\.well-known|docs/assets|_next/static|_next/image|favicon.ico).*)'],
};
