import type { ReactNode } from 'react';
import { cn } from './cn';

export function EmptyState({ icon, title, children, action, className }: { icon?: ReactNode; title: ReactNode; children?: ReactNode; action?: ReactNode; className?: string }) {
  return (
    <div className={cn('flex flex-col items-center gap-2 rounded-card border border-dashed border-line bg-surface px-4 py-10 text-center', className)}>
      {icon ? <div className="text-ink-muted [&_svg]:size-8">{icon}</div> : null}
      <p className="font-semibold text-ink">{title}</p>
      {children ? <div className="max-w-prose text-sm text-ink-muted">{children}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
