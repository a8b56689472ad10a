import { apiErrorText, ApiRequestError, callOwn } from '@/lib/api-client/browser/call';
import type { Words } from '@/lib/i18n/words';

// Calls of the portal's and the employer face's own endpoints (/api/portal/**, /api/employer/**):
// the answer's `data`, or the first error's message (in the page's language) and field, as a value
// the forms show in place.

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
    return { ok: true, data: await callOwn<T>(method, path, words, options) };
  } catch (err) {
    if (!(err instanceof ApiRequestError)) return { ok: false, status: 0, message: apiErrorText(err, words) };
    const first = err.errors[0];
    return { ok: false, status: err.status, message: first?.message ?? apiErrorText(err, words), field: first?.details };
  }
}

/** Tells the header's bell the new unread count. */
export function announceUnread(count: number): void {
  window.dispatchEvent(new CustomEvent<number>(UNREAD_EVENT, { detail: count }));
}
