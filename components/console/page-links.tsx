import { ChevronLeft, ChevronRight } from 'lucide-react';
import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button';

/** Previous/next pages of a server-paged list as links (the URL is the state), with "page x of y". */
export function PageLinks({
  label,
  status,
  previousHref,
  nextHref,
  previousLabel,
  nextLabel,
}: {
  label: string;
  status: string;
  previousHref?: string;
  nextHref?: string;
  previousLabel: string;
  nextLabel: string;
}) {
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center justify-end gap-3 text-sm">
      {previousHref ? (
        <Link href={previousHref} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
          <ChevronLeft aria-hidden="true" />
          {previousLabel}
        </Link>
      ) : null}
      <span className="text-ink-muted">{status}</span>
      {nextHref ? (
        <Link href={nextHref} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
          {nextLabel}
          <ChevronRight aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}
