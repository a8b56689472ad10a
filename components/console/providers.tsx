'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import type { ConsoleTextKey, ConsoleTranslate } from '@/lib/console/i18n';
import type { Lang } from '@/lib/i18n/messages';
import { namespaceTranslator, registerMessages, type CompiledMessages } from '@/lib/i18n/words';

// The console's client-side context: the language (chosen on the server from the cookie) and the
// query client that runs the console's mutations, and the toasts that report them.

type ConsoleValue = { lang: Lang; t: ConsoleTranslate };

const ConsoleContext = createContext<ConsoleValue | null>(null);

export function useConsole(): ConsoleValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole outside ConsoleProvider');
  return value;
}

export function ConsoleProvider({ lang, messages, children }: { lang: Lang; messages: CompiledMessages; children: ReactNode }) {
  registerMessages(lang, messages);
  const [client] = useState(() => new QueryClient({ defaultOptions: { mutations: { retry: false } } }));
  const value = useMemo(() => ({ lang, t: namespaceTranslator<ConsoleTextKey>(lang, 'console') }), [lang]);
  return (
    <QueryClientProvider client={client}>
      <ConsoleContext.Provider value={value}>
        {children}
        <Toaster />
      </ConsoleContext.Provider>
    </QueryClientProvider>
  );
}
