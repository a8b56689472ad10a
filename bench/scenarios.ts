// What the bench sends: shared by the runner (bench/run.ts) and the baseline server, so both
// serve exactly the same requests.
import createBody from './create-body.json';

/** The create body (also sent by `npm run soak`); `__EXT__` is replaced by a unique external id per request. */
export const CREATE_BODY = createBody;

/** The list queries of the scenarios (path and query string after /v1/offers). */
export const LIST_DEFAULT = '';
export const LIST_SEARCH = '?search=kalkhoff';
export const LIST_FILTERED = '?status=!canceled,!rejected&creationDateFrom=2026-01-01&creationDateTo=2026-06-30&sortBy=productName&order=asc';

/**
 * The search mix (issue 20's acceptance): what dealers type — customer names with and without
 * umlauts, brands, brand + model, offer-number prefixes — each with status and date filters,
 * every sort key in both orders and perPage from 10 to 100. Query strings after `/v1/offers?`,
 * URL-encoded, in a fixed order (the bench sends them round robin).
 */
export const SEARCH_MIX: readonly string[] = (() => {
  const terms = [
    'müller', 'mueller', 'muller', 'yilmaz', 'Schröder', 'oeztuerk', 'kalkhoff', 'Riese & Müller', 'cube kathmandu',
    'gazelle ultimate', 'brompton', 'Nowak', 'anna sch', 'SPK-12', 'SPK-1000', 'SPK-15', 'trek fx', 'Jürgen', 'garcia', 'urban arrow',
  ];
  const filters: Record<string, string>[] = [
    {},
    { status: 'draft' },
    { status: '!canceled,!rejected' },
    { creationDateFrom: '2026-01-01', creationDateTo: '2026-06-30' },
    { status: 'done', statusChangedDateFrom: '2026-03-01' },
    { status: 'draft,order_journey_started', creationDateFrom: '2025-06-01' },
  ];
  const sorts = ['createdAt', 'status', 'externalOfferId', 'customerEmail', 'customerName', 'totalPriceGross', 'offerNumber', 'productName'];
  const perPages = [10, 20, 50, 100, 25];
  const out: string[] = [];
  for (let i = 0; i < 120; i++) {
    const params = new URLSearchParams({
      search: terms[i % terms.length]!,
      ...filters[(i * 7) % filters.length],
      sortBy: sorts[(i * 3) % sorts.length]!,
      order: i % 2 === 0 ? 'desc' : 'asc',
      perPage: String(perPages[(i * 11) % perPages.length]),
    });
    out.push(params.toString());
  }
  return out;
})();
