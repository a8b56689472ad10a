'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useConsole } from './providers';
import { noticeVariants } from '@/components/ui/notice';

/** A value shown once (a secret, an invitation link) with a button that copies it and says so. */
export function CopyValue({ value, testId, className }: { value: string; testId: string; className?: string }) {
  const { t } = useConsole();
  const [copied, setCopied] = useState(false);
  return (
    <>
      <code className={cn('min-w-0 break-all rounded-control bg-surface px-2 py-1 font-mono ring-1 ring-line-strong', className)} data-testid={testId}>
        {value}
      </code>
      <Button size="sm" variant="secondary" onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true))}>
        {t('copy')}
      </Button>
      <span aria-live="polite" className="text-xs">
        {copied ? t('copied') : ''}
      </span>
    </>
  );
}

/**
 * The box around a value shown once: its heading (focused when it appears, so it is seen and
 * read out), what to do with it, the value, and the button that puts it away.
 */
export function OnceCard({
  as: Tag = 'div',
  headingId,
  shown,
  level,
  title,
  text,
  testId,
  dismissLabel,
  onDismiss,
  children,
}: {
  as?: 'div' | 'section';
  headingId?: string;
  /** What is shown once (the secret, the link): each new one takes the focus to the heading. */
  shown: unknown;
  level: 2 | 3;
  title: ReactNode;
  text: ReactNode;
  testId: string;
  dismissLabel: string;
  onDismiss: () => void;
  children: ReactNode;
}) {
  const H = level === 2 ? 'h2' : 'h3';
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Bring the value shown once into view and to the screen reader's attention.
  useEffect(() => headingRef.current?.focus(), [shown]);
  return (
    <Tag aria-labelledby={Tag === 'section' ? headingId : undefined} className={cn(noticeVariants({ tone: 'warning', size: 'card' }), 'min-w-0 border-2')} data-testid={testId}>
      <H id={headingId} ref={headingRef} tabIndex={-1} className={cn('font-semibold focus-visible:focus-ring', level === 2 ? 'text-lg' : 'text-base')}>
        {title}
      </H>
      <p className="mt-1 text-sm">{text}</p>
      <div className="mt-3 text-ink">{children}</div>
      <Button variant="secondary" className="mt-3" onClick={onDismiss}>
        {dismissLabel}
      </Button>
    </Tag>
  );
}
