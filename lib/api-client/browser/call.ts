import type { components } from '@/lib/api-client';
import type { Words } from '@/lib/i18n/words';

// The faces' calls from the browser share one error type — a failed call of the /v1 API
// (lib/portal/browser/api.ts) or of a face's own endpoints (/api/portal/**, /api/console/**,
// /api/employer/**) is an ApiRequestError with the answer's `errors` — and one fetch of their own
// endpoints (`callOwn`): same origin, session cookie, JSON in, the answer's `data` out.

type Schemas = components['schemas'];

/**
 * An entry of an answer's `errors`. The browser also makes entries of its own (a network failure, an
 * answer without our body), so the code is any string and translations may be missing.
 */
export type ApiErrorEntry = Omit<Schemas['Error'], 'code' | 'translations'> & { code: string; translations?: Partial<Schemas['Translations']> };

/** A call that failed: the answer's status (0 when none came) and its `errors` entries (at least one). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorEntry[],
  ) {
    super(errors[0]?.message ?? `HTTP ${status}`);
    this.name = 'ApiRequestError';
  }
  get code(): string | undefined {
    return this.errors[0]?.code;
  }
}

/** What a call that got no answer (status 0) or no answer of ours (an HTTP status without our body) means. */
const failedRequestText = (words: Words, status: number) => words.path(status === 0 ? 'common.requestNoConnection' : 'common.requestNoAnswer', { status });

/** The entry of a call that got no answer of ours, said in the reader's words (the browser holds only their language). */
export function failedRequest(status: number, words: Words | undefined, fallback: string): ApiErrorEntry {
  const text = words ? failedRequestText(words, status) : fallback;
  return {
    code: status === 0 ? 'NETWORK_ERROR' : `HTTP_${status}`,
    message: text,
    translations: words ? { [words.lang]: text } : {},
  };
}

/** What a failed call says to the person, in their language (the answer's translations; else its message). */
export function apiErrorText(err: unknown, words: Words): string {
  if (err instanceof ApiRequestError) {
    if (err.errors.length === 0) return failedRequestText(words, err.status);
    return err.errors.map((e) => e.translations?.[words.lang] ?? e.message).join(' ');
  }
  // A browser's own failure ("Failed to fetch", "NetworkError when attempting to fetch resource",
  // "Load failed") is never shown as it is: it is the network, said in words; anything else is
  // an unexpected problem, said as such.
  if (err instanceof TypeError || /fetch|network|load failed/i.test(err instanceof Error ? err.message : String(err))) return failedRequestText(words, 0);
  return words.path('common.somethingWentWrong');
}

/** A call of a face's own endpoint (a JSON body, or FormData sent as it is): the answer's `data`, or an ApiRequestError. */
export async function callOwn<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  words: Words,
  options: { body?: unknown; keepalive?: boolean } = {},
): Promise<T> {
  let res: Response;
  // A form (a file upload) goes as multipart/form-data, its boundary set by the browser.
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData ? options.body : null;
  try {
    res = await fetch(path, {
      method,
      headers: { accept: 'application/json', 'accept-language': words.lang, ...(options.body === undefined || form ? {} : { 'content-type': 'application/json' }) },
      body: options.body === undefined ? undefined : (form ?? JSON.stringify(options.body)),
      credentials: 'same-origin',
      cache: 'no-store',
      keepalive: options.keepalive,
    });
  } catch (err) {
    throw new ApiRequestError(0, [failedRequest(0, words, (err as Error).message)]);
  }
  const json = (await res.json().catch(() => null)) as { data?: T; errors?: ApiErrorEntry[] } | null;
  if (!res.ok) throw new ApiRequestError(res.status, json?.errors?.length ? json.errors : [failedRequest(res.status, words, `HTTP ${res.status}`)]);
  return json?.data as T;
}
