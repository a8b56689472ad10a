import 'server-only';
import { parseCookies } from '@/lib/auth/session';
import { operatorFromRequest } from '@/lib/console/http/auth';
import { consoleLang, LANG_COOKIE, type Lang } from '@/lib/console/i18n';
import { namespaceTranslator } from '@/lib/i18n/catalogue';
import type { OrderTextKey } from '@/lib/purchase-orders/text-keys';

// The console's file links (an invoice's PDF, a payout list): for an operator's session only —
// anyone else is sent to the console's sign-in — in the operator's language.

/** The operator's language, or the redirect to sign in. */
export async function consoleFileViewer(req: Request): Promise<{ lang: Lang } | Response> {
  try {
    await operatorFromRequest(req);
  } catch {
    return Response.redirect(new URL('/console/sign-in', req.url), 303);
  }
  return { lang: consoleLang(parseCookies(req.headers.get('cookie'))[LANG_COOKIE]) };
}

/** A file that is not there: plain text in the operator's language. */
export function fileNotFound(lang: Lang): Response {
  return new Response(namespaceTranslator<OrderTextKey>(lang, 'purchaseOrder')('fileNotFound'), {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
  });
}
