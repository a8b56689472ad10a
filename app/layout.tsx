import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { browserLang, faceLang, LANG_COOKIE, readerLang } from '@/lib/i18n/words';
import './globals.css';

/**
 * The language of the page, for <html lang> (how a screen reader pronounces it): the portal and
 * the console (and the employer face) speak the reader's language (German unless English was chosen),
 * the API reference English, every other page (the start page, "not found") the language chosen,
 * else the browser's. The path comes from proxy.ts.
 */
async function pageLang(): Promise<'de' | 'en'> {
  // A prefetch does not pass proxy.ts (no path): the reader's language, as on the faces.
  const path = (await headers()).get('x-spoke-path');
  // The customer's order pages speak the browser's language (the customer has no setting).
  if (path && /^\/order(\/|$)/.test(path)) return browserLang((await headers()).get('accept-language'));
  const cookie = (await cookies()).get(LANG_COOKIE)?.value;
  if (path && /^\/(docs|v1|oauth|api)(\/|$)/.test(path)) return 'en';
  if (path && !/^\/(portal|console|employer)(\/|$)/.test(path)) return readerLang(cookie, (await headers()).get('accept-language'));
  return faceLang(cookie);
}

export const metadata: Metadata = {
  title: { default: 'Spoke — leasing offers for company bikes', template: '%s · Spoke' },
  description: 'Submit, track and fix company-bike lease offers: API for dealer systems, portal for dealer staff, console for the operator.',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Rendered per request: every page carries the nonce of its Content-Security-Policy (proxy.ts).
  await connection();
  return (
    <html lang={await pageLang()}>
      <body className="min-h-screen bg-canvas text-ink antialiased">{children}</body>
    </html>
  );
}
