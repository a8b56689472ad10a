// Validation pieces every face and the API share: the shape of an id, the characters no name may
// hold, the text of an address that is not one, the Idempotency-Key's form and the search's
// minimum. Isomorphic and without zod, so a page that needs one of them does not load zod for it
// (the schema of an id is ./id-schema.ts).

/** An id as the database writes it: a UUID, in either case. A path's id that is not one is a record nobody has. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators: none belongs in a name. */
export const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;

/** The text of an address that is not one: spaces around it get their own (the address itself may be right). */
export const emailError = (issue: { input?: unknown }) =>
  typeof issue.input !== 'string' ? 'type' : issue.input !== issue.input.trim() ? 'emailSpaces' : 'email';

/** The `Idempotency-Key` request header of every write: 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** A search shorter than this (trimmed) is ignored, and the answer says so (SEARCH_TOO_SHORT). */
export const SEARCH_MIN_LENGTH = 2;
