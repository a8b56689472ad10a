'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Lang } from '@/lib/i18n/messages';
import { createWords, type CompiledMessages, type Words } from '@/lib/i18n/words';
import type { EmployerTextKey } from '@/lib/employer/i18n';
import { Toaster } from '@/components/ui/toaster';

// The employer face's client-side context: the language (chosen on the server from the cookie),
// its words, and the query client that runs its changes.

type EmployerValue = { lang: Lang; t: (key: EmployerTextKey, params?: Record<string, string | number | Date>) => string; words: Words };

const EmployerContext = createContext<EmployerValue | null>(null);

export function useEmployer(): EmployerValue {
  const value = useContext(EmployerContext);
  if (!value) throw new Error('useEmployer outside EmployerProvider');
  return value;
}

export function EmployerProvider({ lang, messages, children }: { lang: Lang; messages: CompiledMessages; children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { mutations: { retry: false } } }));
  const value = useMemo(() => {
    const words = createWords(lang, messages);
    return { lang, t: words.translator<EmployerTextKey>('employer'), words };
  }, [lang, messages]);
  return (
    <QueryClientProvider client={client}>
      <EmployerContext.Provider value={value}>
        {children}
        <Toaster />
      </EmployerContext.Provider>
    </QueryClientProvider>
  );
}
