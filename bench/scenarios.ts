// What the bench sends: shared by the runner (bench/run.ts) and the baseline server, so both
// serve exactly the same requests.
import createBody from './create-body.json';

/** The create body (also sent by `npm run soak`); `__EXT__` is replaced by a unique external id per request. */
export const CREATE_BODY = createBody;

/** The list queries of the scenarios (path and query string after /v1/offers). */
export const LIST_DEFAULT = '';
export const LIST_SEARCH = '?search=kalkhoff';
export const LIST_FILTERED = '?status=!canceled,!rejected&creationDateFrom=2026-01-01&creationDateTo=2026-06-30&sortBy=productName&order=asc';
