import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { Words } from '@/lib/i18n/words';

// The status badge of portal and console: the status by its one name (`words.statusLabel`, the
// `codeWords.status` of the common catalogue, as in the PDF, the exports and the mails), the colour
// only repeating what the text says. A face may add the reader's perspective ("Sie sind dran") as
// a secondary line, never another name for the status.
const TONES: Record<string, BadgeTone> = {
  pending: 'waiting',
  draft: 'info',
  order_journey_started: 'progress',
  employer_decision_pending: 'decision',
  operator_decision_pending: 'decision',
  done: 'success',
  canceled: 'neutral',
  rejected: 'danger',
};

export function StatusBadge({ status, words, perspective, perspectiveTestId }: { status: string; words: Words; perspective?: string; perspectiveTestId?: string }) {
  const badge = (
    <Badge data-status={status} tone={TONES[status] ?? 'neutral'}>
      {status === 'pending' ? <span aria-hidden="true" className="size-1.5 animate-pulse rounded-pill bg-current" /> : null}
      {words.statusLabel(status)}
    </Badge>
  );
  if (!perspective) return badge;
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      {badge}
      <span className="text-xs font-medium text-ink-muted" data-testid={perspectiveTestId}>
        {perspective}
      </span>
    </span>
  );
}
