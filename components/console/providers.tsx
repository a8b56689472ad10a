'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { consoleTranslator, type ConsoleTranslate, type Lang } from '@/lib/console/i18n';

// The console's client-side context: the language (chosen on the server from the cookie) and the
// query client that runs the console's mutations.

type ConsoleValue = { lang: Lang; t: ConsoleTranslate };

const ConsoleContext = createContext<ConsoleValue | null>(null);

export function useConsole(): ConsoleValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole outside ConsoleProvider');
  return value;
}

export function ConsoleProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { mutations: { retry: false } } }));
  const value = useMemo(() => ({ lang, t: consoleTranslator(lang) }), [lang]);
  return (
    <QueryClientProvider client={client}>
      <ConsoleContext.Provider value={value}>{children}</ConsoleContext.Provider>
    </QueryClientProvider>
  );
}
