'use client';

import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';

// The page the offer document's QR code opens: the visitor types the customer's e-mail address and
// Spoke mails a fresh link when it is the offer's. The answer is the same whatever was typed.

export type LinkRequestTexts = { email: string; send: string; working: string; sent: string; missing: string; failed: string };

export function LinkRequestForm({ offerId, lang, texts }: { offerId: string; lang: 'de' | 'en'; texts: LinkRequestTexts }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    if (!email) return setProblem(texts.missing);
    setBusy(true);
    setProblem(null);
    try {
      const res = await fetch('/api/order/link-request', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': lang },
        body: JSON.stringify({ offer: offerId, email }),
        credentials: 'omit',
        cache: 'no-store',
      });
      if (res.ok) setSent(true);
      else {
        const json = (await res.json().catch(() => null)) as { errors?: { message: string }[] } | null;
        setProblem(texts.failed.replace('{message}', json?.errors?.[0]?.message ?? `HTTP ${res.status}`));
      }
    } catch (err) {
      setProblem(texts.failed.replace('{message}', err instanceof Error ? err.message : String(err)));
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <Notice tone="neutral" role="status" className="text-base" data-testid="link-request-sent">
        {texts.sent}
      </Notice>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field id={`${id}-email`} label={texts.email} error={problem}>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          className="h-11 text-base"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-email-error` : undefined}
        />
      </Field>
      <Button type="submit" variant="primary" className="h-11 w-full text-base sm:w-auto" disabled={busy}>
        {busy ? texts.working : texts.send}
      </Button>
    </form>
  );
}
