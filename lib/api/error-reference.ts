import 'server-only';
import { env } from '@/lib/env';
import {
  errorReferenceTexts,
  errorTexts,
  statusEntryReferenceTexts,
  statusEntryTexts,
  warningReferenceTexts,
  warningTexts,
  type ErrorCode,
  type StatusEntryCode,
  type Text,
  type WarningCode,
} from '@/lib/i18n/messages';
import { ERROR_STATUS } from './errors';

// The published error reference: every code of the one error table (ERROR_STATUS and the texts
// keyed by the same codes) with its status, message, cause and fix. /docs/errors renders it, and
// every error object links to its entry there (`docs`).

/** The page of the reference; each code is an anchor on it (`#OFFER_NOT_MODIFIABLE`). */
export const ERROR_REFERENCE_PATH = '/docs/errors';

/**
 * The absolute URL of a code's entry, on this installation's public URL (as the OpenAPI `servers`):
 * an error code's, a status entry code's (status.errors, status.infos) or a warning code's. A code
 * in more than one table (INTERNAL_SERVER_ERROR) has one entry, the error table's.
 */
export function errorDocsUrl(code: ErrorCode | StatusEntryCode | WarningCode | string, publicUrl: string = env.publicUrl): string {
  return `${publicUrl}${ERROR_REFERENCE_PATH}#${code}`;
}

/** A status entry code's own entry, or undefined when the code has its entry in the error table. */
export type CodeReferenceEntry = { code: string; where: 'status' | 'warning'; message: Text; cause: Text; fix: Text };

/** The status object's codes (status.errors, status.infos) that have an entry of their own. */
export function statusEntryReference(): CodeReferenceEntry[] {
  return (Object.keys(statusEntryTexts) as StatusEntryCode[])
    .filter((code) => !Object.hasOwn(errorTexts, code))
    .map((code) => ({ code, where: 'status', message: statusEntryTexts[code], ...statusEntryReferenceTexts[code] }));
}

/** The warning codes of `meta.warnings`. */
export function warningReference(): CodeReferenceEntry[] {
  return (Object.keys(warningTexts) as WarningCode[]).map((code) => ({ code, where: 'warning', message: warningTexts[code], ...warningReferenceTexts[code] }));
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
