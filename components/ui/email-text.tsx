import { Fragment } from 'react';
import { cn } from './cn';

/**
 * An e-mail address that wraps where a reader expects it to — before "@" and before each "." —
 * never in the middle of a word (unless one part alone is wider than its box).
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={cn('break-words', className)}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
