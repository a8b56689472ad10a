// The console's calls of its own endpoints (/api/console/**) from the browser: JSON in, the
// `data` of the answer out, or a ConsoleRequestError with the answer's messages in the language.

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

export async function consoleCall<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, lang: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: { accept: 'application/json', 'accept-language': lang, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  const json = (await res.json().catch(() => null)) as { data?: T; errors?: { code: string; message: string; details?: string }[] } | null;
  if (!res.ok) throw new ConsoleRequestError(res.status, json?.errors ?? []);
  return json?.data as T;
}
