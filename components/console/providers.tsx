'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import type { ConsoleTextKey, ConsoleTranslate } from '@/lib/console/i18n';
import type { Lang } from '@/lib/i18n/messages';
import { createWords, type CompiledMessages, type Words } from '@/lib/i18n/words';

// The console's client-side context: the language (chosen on the server from the cookie), its words,
// and the query client that runs the console's mutations, and the toasts that report them.

type ConsoleValue = { lang: Lang; t: ConsoleTranslate; words: Words };

const ConsoleContext = createContext<ConsoleValue | null>(null);

export function useConsole(): ConsoleValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole outside ConsoleProvider');
  return value;
}

export function ConsoleProvider({ lang, messages, children }: { lang: Lang; messages: CompiledMessages; children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { mutations: { retry: false } } }));
  // The console's translator and words, made from the messages the layout passed (common, console).
  const value = useMemo(() => {
    const words = createWords(lang, messages);
    return { lang, t: words.translator<ConsoleTextKey>('console'), words };
  }, [lang, messages]);
  return (
    <QueryClientProvider client={client}>
      <ConsoleContext.Provider value={value}>
        {children}
        <Toaster />
      </ConsoleContext.Provider>
    </QueryClientProvider>
  );
}
