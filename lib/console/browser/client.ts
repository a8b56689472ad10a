import { ApiRequestError, callOwn } from '@/lib/api-client/browser/call';
import type { Words } from '@/lib/i18n/words';

// The console's calls of its own endpoints (/api/console/**) from the browser: JSON in, the
// `data` of the answer out, or an ApiRequestError with the answer's messages in the language.

/** The text of a failed console call (or of anything else thrown): each message, with the field it names. */
export function messageOf(err: unknown): string {
  if (!(err instanceof ApiRequestError)) return String(err);
  return err.errors.map((e) => (e.details && !e.message.includes(e.details) ? `${e.message} (${e.details})` : e.message)).join(' ') || `HTTP ${err.status}`;
}

export function consoleCall<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, words: Words, body?: unknown): Promise<T> {
  return callOwn<T>(method, path, words, { body });
}
