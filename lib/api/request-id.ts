import 'server-only';
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'Spoke-Request-ID';

/** A client's request id is echoed when it matches this; otherwise a new one is made. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** The client's request id when it is a safe token, else a new one. */
export function requestIdOf(req: Request): string {
  const given = req.headers.get(REQUEST_ID_HEADER);
  return given && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}
