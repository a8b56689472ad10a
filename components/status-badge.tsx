import { statusLabel, type Lang } from '@/lib/portal/i18n';

// The status badge of portal and console: text and colour, the colour only repeating what the text says.
const COLOURS: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  draft: 'bg-sky-100 text-sky-900 ring-sky-300',
  order_journey_started: 'bg-indigo-100 text-indigo-900 ring-indigo-300',
  employer_decision_pending: 'bg-violet-100 text-violet-900 ring-violet-300',
  operator_decision_pending: 'bg-violet-100 text-violet-900 ring-violet-300',
  done: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  canceled: 'bg-slate-200 text-slate-800 ring-slate-300',
  rejected: 'bg-red-100 text-red-900 ring-red-300',
};

export function StatusBadge({ status, lang }: { status: string; lang: Lang }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${COLOURS[status] ?? COLOURS.canceled}`}
    >
      {status === 'pending' ? <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-amber-600" /> : null}
      {statusLabel(status, lang)}
    </span>
  );
}
