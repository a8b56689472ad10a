'use client';

import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Input } from './input';

/** A text field that commits its value after a pause in typing (and keeps up with outside changes). */
export function DebouncedInput({
  value,
  onCommit,
  delay = 350,
  ...rest
}: { value: string; onCommit: (value: string) => void; delay?: number } & Omit<ComponentProps<'input'>, 'value' | 'onChange'>) {
  const [local, setLocal] = useState(value);
  const [committed, setCommitted] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    // The outside value changed: our own commit coming back, or an outside change (reset, back button).
    setSeen(value);
    if (value !== committed) {
      setLocal(value);
      setCommitted(value);
    }
  }
  useEffect(() => {
    if (local === committed) return;
    const timer = setTimeout(() => {
      setCommitted(local);
      onCommit(local);
    }, delay);
    return () => clearTimeout(timer);
  }, [local, committed, onCommit, delay]);
  // A value typed just before the field goes away (a sheet closed at once) is still committed.
  const pending = useRef<{ local: string; committed: string; onCommit: (value: string) => void }>({ local, committed, onCommit });
  useEffect(() => {
    pending.current = { local, committed, onCommit };
  });
  useEffect(
    () => () => {
      const p = pending.current;
      if (p.local !== p.committed) p.onCommit(p.local);
    },
    [],
  );
  return <Input {...rest} value={local} onChange={(e) => setLocal(e.target.value)} />;
}
