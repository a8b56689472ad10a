import type { Words } from '@/lib/i18n/words';
import { apiErrorText, ApiRequestError } from './api';

// Calls of the portal's own endpoints (/api/portal/**, same origin, session cookie): the answer's
// `data`, or the first error's message (in the page's language) and field.

export type PortalAnswer<T = unknown> = { ok: true; data: T } | { ok: false; status: number; message: string; field?: string };

/** The event the notification list sends when the unread count changed (detail: the new count). */
export const UNREAD_EVENT = 'spoke:notifications-unread';

export async function portalCall<T = unknown>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  words: Words,
  options: { body?: unknown; keepalive?: boolean } = {},
): Promise<PortalAnswer<T>> {
  try {
    const res = await fetch(path, {
      method,
      headers: { accept: 'application/json', 'accept-language': words.lang, ...(options.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      cache: 'no-store',
      keepalive: options.keepalive,
    });
    const json = (await res.json().catch(() => null)) as { data?: T; errors?: { message: string; details?: string }[] } | null;
    if (res.ok) return { ok: true, data: json?.data as T };
    const first = json?.errors?.[0];
    // An answer without our body (a proxy's 502) is said in words, as a request that got none.
    return { ok: false, status: res.status, message: first?.message ?? apiErrorText(new ApiRequestError(res.status, []), words), field: first?.details };
  } catch (err) {
    return { ok: false, status: 0, message: apiErrorText(err, words) };
  }
}

/** Tells the header's bell the new unread count. */
export function announceUnread(count: number): void {
  window.dispatchEvent(new CustomEvent<number>(UNREAD_EVENT, { detail: count }));
}
