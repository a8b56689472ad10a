'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { offerQueryKey } from './offer-query';
import { usePortal } from './providers';

/**
 * Follows the offer shown on the page: the server sends the offer's version (when it last changed)
 * whenever it changes — the processor, an operator, another tab —, and a version other than the
 * one shown refetches the offer (its history is keyed by that version and follows). Renders
 * nothing. The browser's EventSource reconnects by itself after a dropped connection.
 */
export function OfferLiveStatus({ id, version }: { id: string; version: string }) {
  const { environment } = usePortal();
  const queryClient = useQueryClient();
  const shown = useRef(version);
  useEffect(() => {
    shown.current = version;
  }, [version]);
  useEffect(() => {
    const events = new EventSource(`/portal/offers/${encodeURIComponent(id)}/events`);
    events.onmessage = (e: MessageEvent<string>) => {
      if (e.data !== shown.current) void queryClient.invalidateQueries({ queryKey: offerQueryKey(environment, id) });
    };
    return () => events.close();
  }, [id, environment, queryClient]);
  return null;
}
