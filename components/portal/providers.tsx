'use client';

import { ApiRequestError } from '@/lib/api-client/browser/call';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { setApiWords } from '@/lib/portal/browser/api';
import type { Lang } from '@/lib/i18n/messages';
import { createWords, type CompiledMessages, type Words } from '@/lib/i18n/words';
import type { TextKey, Translate } from '@/lib/portal/i18n';

export type Environment = 'sandbox' | 'production';

type PortalValue = { lang: Lang; t: Translate; words: Words; environment: Environment; productionAccess: boolean; dealerName: string };

const PortalContext = createContext<PortalValue | null>(null);

export function usePortal(): PortalValue {
  const value = useContext(PortalContext);
  if (!value) throw new Error('usePortal outside PortalProvider');
  return value;
}

/** Client errors (4xx) are answers, not outages: retrying them changes nothing. */
function shouldRetry(count: number, err: unknown): boolean {
  if (err instanceof ApiRequestError && err.status >= 400 && err.status < 500) return false;
  return count < 2;
}

export function PortalProvider({
  lang,
  environment,
  productionAccess,
  dealerName,
  messages,
  children,
}: {
  lang: Lang;
  /** The portal's and the common namespace in `lang`, compiled (lib/i18n/catalogue.ts `clientMessages`). */
  messages: CompiledMessages;
  environment: Environment;
  productionAccess: boolean;
  dealerName: string;
  children: ReactNode;
}) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, staleTime: 5_000 }, mutations: { retry: false } } }),
  );
  // The portal's translator and words, made from the messages the layout passed (common, portal, validation).
  const words = useMemo(() => createWords(lang, messages), [lang, messages]);
  setApiWords(words);
  const value = useMemo(
    () => ({ lang, t: words.translator<TextKey>('portal'), words, environment, productionAccess, dealerName }),
    [lang, words, environment, productionAccess, dealerName],
  );
  return (
    <QueryClientProvider client={client}>
      <PortalContext.Provider value={value}>{children}</PortalContext.Provider>
    </QueryClientProvider>
  );
}
