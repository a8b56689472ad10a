import type { Metadata } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Spoke — leasing offers for company bikes', template: '%s · Spoke' },
  description: 'Submit, track and fix company-bike lease offers: API for dealer systems, portal for dealer staff, console for the operator.',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Rendered per request: every page carries the nonce of its Content-Security-Policy (proxy.ts).
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-canvas text-ink antialiased">{children}</body>
    </html>
  );
}
