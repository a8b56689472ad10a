import { ArrowLeft } from 'lucide-react';
import Link from 'next/link';

/** The way back to a list, above a page's title (PageHeader's `back`). */
export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} className="inline-flex items-center gap-1 rounded-control font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:focus-ring">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
