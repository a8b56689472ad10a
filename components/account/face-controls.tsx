'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { Segmented } from '@/components/ui/segmented';
import type { Lang } from '@/lib/i18n/messages';
import { LANG_COOKIE } from '@/lib/i18n/words';
import { setCookie } from '@/lib/portal/browser/cookies';

// The controls every face's header and sign-in page share: the language choice (kept in the
// language cookie) and signing out to the face's own sign-in page.

/** The language choice; outside a face's provider too (the sign-in and password pages). */
export function LanguageChoice({ lang, legend }: { lang: Lang; legend: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Segmented
      legend={legend}
      name="language"
      value={lang}
      disabled={pending}
      onChange={(next) => {
        setCookie(LANG_COOKIE, next);
        startTransition(() => router.refresh());
      }}
      options={[
        { value: 'de', label: 'DE', lang: 'de' },
        { value: 'en', label: 'EN', lang: 'en' },
      ]}
    />
  );
}

/** Signs out and goes to the face's sign-in page. */
export function SignOutAction({ label, signInPath }: { label: string; signInPath: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="sm"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        // Our own redirect: next-auth's would use NEXTAUTH_URL, which a deployment may leave unset.
        // next-auth's client loads on the click: it is no part of every page's first JavaScript.
        void import('next-auth/react')
          .then(({ signOut }) => signOut({ redirect: false }))
          .then(() => {
            queryClient.clear();
            router.replace(signInPath);
            router.refresh();
          });
      }}
    >
      {label}
    </Button>
  );
}
