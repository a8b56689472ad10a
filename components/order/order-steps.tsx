'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';

// The customer's one step on the offer's page: start the order, or submit it. The answer moves the
// page on (the server renders it again); a refusal (the employer's rules, a link that ended) is
// shown in the words the server gave, in the page's language.

export type OrderStepTexts = { label: string; hint: string; working: string; failed: string };

type ErrorEntry = { message: string };

export function OrderStep({ token, action, lang, texts }: { token: string; action: 'start_order' | 'submit_order'; lang: 'de' | 'en'; texts: OrderStepTexts }) {
  const router = useRouter();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [refreshing, startTransition] = useTransition();
  const [errors, setErrors] = useState<string[]>([]);

  async function take() {
    setBusy(true);
    setErrors([]);
    try {
      const res = await fetch('/api/order/steps', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': lang },
        body: JSON.stringify({ token, action }),
        credentials: 'omit',
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
      });
      if (!res.ok) {
        const json = (await res.json().catch(() => null)) as { errors?: ErrorEntry[] } | null;
        setErrors(json?.errors?.map((e) => e.message) ?? [`HTTP ${res.status}`]);
      }
      startTransition(() => router.refresh());
    } catch (err) {
      setErrors([err instanceof Error ? err.message : String(err)]);
    } finally {
      setBusy(false);
    }
  }

  const pending = busy || refreshing;
  return (
    <div className="space-y-3">
      <Button variant="primary" className="h-11 w-full text-base sm:w-auto" disabled={pending} aria-describedby={`${id}-hint`} onClick={() => void take()} data-testid="order-step">
        {pending ? texts.working : texts.label}
      </Button>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        {texts.hint}
      </p>
      {errors.length > 0 ? (
        <Notice role="alert" data-testid="order-step-error">
          <p className="font-medium">{texts.failed}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
    </div>
  );
}
