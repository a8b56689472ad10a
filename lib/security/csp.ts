// The Content-Security-Policy of the app's pages (portal, console, landing): scripts only from this
// origin and with this response's nonce ('strict-dynamic' lets those load the page's chunks), no
// plugins, no framing, forms and <base> only to this origin. Styles allow inline `style`
// attributes (React's style props, e.g. the console's chart bars); style injection cannot run
// script. Development adds 'unsafe-eval' for React's debugging tools.
import 'server-only';

export function pagePolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
