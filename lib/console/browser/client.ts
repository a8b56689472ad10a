// The console's calls of its own endpoints (/api/console/**) from the browser: JSON in, the
// `data` of the answer out, or a ConsoleRequestError with the answer's messages in the language.

import type { Words } from '@/lib/i18n/words';

export class ConsoleRequestError extends Error {
  override readonly name = 'ConsoleRequestError';
  constructor(
    readonly status: number,
    readonly errors: { code: string; message: string; details?: string }[],
  ) {
    super(errors.map((e) => (e.details && !e.message.includes(e.details) ? `${e.message} (${e.details})` : e.message)).join(' ') || `HTTP ${status}`);
  }
}

/** The text of a failed console call (or of anything else thrown). */
export const messageOf = (err: unknown) => (err instanceof ConsoleRequestError ? err.message : String(err));

/** What a reader is told when the server cannot be reached (never the browser's "Failed to fetch") or gives no answer of ours. */
const failedCall = (words: Words, key: 'callNoConnection' | 'callNoAnswer') => words.path(`common.${key}`);

export async function consoleCall<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, words: Words, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: { accept: 'application/json', 'accept-language': words.lang, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ConsoleRequestError(0, [{ code: 'NETWORK_ERROR', message: failedCall(words, 'callNoConnection') }]);
  }
  const json = (await res.json().catch(() => null)) as { data?: T; errors?: { code: string; message: string; details?: string }[] } | null;
  if (!res.ok) throw new ConsoleRequestError(res.status, json?.errors?.length ? json.errors : [{ code: 'HTTP_ERROR', message: `${failedCall(words, 'callNoAnswer')} (HTTP ${res.status})` }]);
  return json?.data as T;
}
