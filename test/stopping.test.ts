import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { endedByAny } from '@/lib/runtime/stopping';

// The offer page's event stream ends when the page goes away or the server begins to stop
// (app/(portal)/portal/(app)/offers/[id]/events/route.ts). The server's stopping signal lives as
// long as the process: a stream that ended must not leave its listener (and its stream) on it.

describe('endedByAny', () => {
  it('aborts when any signal does, and then leaves no listener on the others', () => {
    const process = new AbortController();
    for (let i = 0; i < 50; i++) {
      const page = new AbortController();
      const stop = endedByAny([page.signal, process.signal]);
      expect(stop.signal.aborted).toBe(false);
      page.abort();
      expect(stop.signal.aborted).toBe(true);
    }
    expect(getEventListeners(process.signal, 'abort')).toHaveLength(0);
  });

  it('its own abort (the stream cancelled) takes its listeners off every signal', () => {
    const process = new AbortController();
    const page = new AbortController();
    const stop = endedByAny([page.signal, process.signal]);
    expect(getEventListeners(process.signal, 'abort')).toHaveLength(1);
    stop.abort();
    expect(getEventListeners(process.signal, 'abort')).toHaveLength(0);
    expect(getEventListeners(page.signal, 'abort')).toHaveLength(0);
  });

  it('is aborted at once when a signal already was, and listens to none', () => {
    const process = new AbortController();
    const page = new AbortController();
    page.abort();
    const stop = endedByAny([page.signal, process.signal]);
    expect(stop.signal.aborted).toBe(true);
    expect(getEventListeners(process.signal, 'abort')).toHaveLength(0);
  });

  it('the stopping server ends every open stream', () => {
    const process = new AbortController();
    const streams = Array.from({ length: 3 }, () => endedByAny([new AbortController().signal, process.signal]));
    process.abort();
    expect(streams.every((s) => s.signal.aborted)).toBe(true);
  });
});
