import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

/** Previous/next with "page x of y"; texts come from the caller's catalogue. */
export function Pagination({
  label,
  status,
  previousLabel,
  nextLabel,
  canPrevious,
  canNext,
  onPrevious,
  onNext,
}: {
  label: string;
  status: string;
  previousLabel: string;
  nextLabel: string;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
      <p aria-live="polite" className="text-ink-muted">
        {status}
      </p>
      <div className="flex gap-2">
        <Button size="sm" onClick={onPrevious} disabled={!canPrevious}>
          <ChevronLeft aria-hidden="true" />
          {previousLabel}
        </Button>
        <Button size="sm" onClick={onNext} disabled={!canNext}>
          {nextLabel}
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
