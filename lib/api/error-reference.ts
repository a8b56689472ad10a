import 'server-only';
import { env } from '@/lib/env';
import { errorReferenceTexts, errorTexts, type ErrorCode, type Text } from '@/lib/i18n/messages';
import { ERROR_STATUS } from './errors';

// The published error reference: every code of the one error table (ERROR_STATUS and the texts
// keyed by the same codes) with its status, message, cause and fix. /docs/errors renders it, and
// every error object links to its entry there (`docs`).

/** The page of the reference; each code is an anchor on it (`#OFFER_NOT_MODIFIABLE`). */
export const ERROR_REFERENCE_PATH = '/docs/errors';

/** The absolute URL of a code's entry, on this installation's public URL (as the OpenAPI `servers`). */
export function errorDocsUrl(code: ErrorCode, publicUrl: string = env.publicUrl): string {
  return `${publicUrl}${ERROR_REFERENCE_PATH}#${code}`;
}

export type ErrorReferenceEntry = { code: ErrorCode; status: number; message: Text; cause: Text; fix: Text };

/** Every code, in the order of the table. */
export function errorReference(): ErrorReferenceEntry[] {
  return (Object.keys(errorTexts) as ErrorCode[]).map((code) => ({
    code,
    status: ERROR_STATUS[code],
    message: errorTexts[code],
    ...errorReferenceTexts[code],
  }));
}
