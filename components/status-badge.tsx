import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { Lang } from '@/lib/i18n/messages';
import { statusLabel } from '@/lib/i18n/words';

// The status badge of portal and console: the status in words, the colour only repeating what the text says.
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

export function StatusBadge({ status, lang }: { status: string; lang: Lang }) {
  return (
    <Badge data-status={status} tone={TONES[status] ?? 'neutral'}>
      {status === 'pending' ? <span aria-hidden="true" className="size-1.5 animate-pulse rounded-pill bg-current" /> : null}
      {statusLabel(status, lang)}
    </Badge>
  );
}
