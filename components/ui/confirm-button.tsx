'use client';

import { useState } from 'react';
import { AlertDialog } from './alert-dialog';
import { Button } from './button';

/**
 * A small button whose action must be confirmed first (rotating a secret, disabling a client or a
 * user, deleting a webhook endpoint): the kit's AlertDialog says what happens; "cancel" changes
 * nothing. `title` and `confirmLabel` default to the button's label, `accessibleName` to the label (give the
 * thing acted on, e.g. "Disable: sbx_…", where several such buttons share a page).
 */
export function ConfirmButton({
  label,
  accessibleName,
  describedBy,
  title,
  text,
  confirmLabel,
  cancelLabel,
  destructive,
  busy,
  onConfirm,
}: {
  label: string;
  accessibleName?: string;
  describedBy?: string;
  title?: string;
  text: string;
  confirmLabel?: string;
  cancelLabel: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant={destructive ? 'danger' : 'secondary'} disabled={busy} aria-label={accessibleName} aria-describedby={describedBy}>
          {label}
        </Button>
      }
      title={title ?? label}
      description={text}
      cancelLabel={cancelLabel}
      confirmLabel={confirmLabel ?? label}
      destructive={destructive}
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}
