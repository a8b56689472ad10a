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

/**
 * A mix nobody tuned for: `count` queries drawn at random (seeded, so a run can be repeated) from
 * the names, brands and models of the data set, brand + model, offer-number prefixes, every status
 * filter and date range, each sort key and order, `perPage` 10 to 100 and the first pages. Nearly
 * every query is new, so it measures the lists without kept pages (`MIX_QUERIES=random:<count>` in
 * bench/search-mix.ts).
 */
export function randomSearchMix(count: number, seed = 1): string[] {
  let state = seed >>> 0 || 1;
  const next = () => {
    // xorshift32: small, seedable, good enough to pick from lists.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x100000000;
  };
  const one = <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const terms = [
    'Müller', 'müller', 'mueller', 'muller', 'Schröder', 'schroeder', 'Yılmaz', 'yilmaz', 'Öztürk', 'oeztuerk', 'ozturk',
    'García', 'garcia', 'Nowak', 'Kowalski', 'Papadopoulos', 'van der Berg', 'Dubois', 'Krüger', 'Schäfer', 'Weber',
    'Jürgen', 'juergen', 'Özlem', 'Ayşe', 'ayse', 'Björn', 'Chloé', 'Lucía', 'Zoë', 'anna', 'lukas', 'Anna Sch', 'Thomas Mü',
    'Jonas Weber', 'Mia Koch', 'kalkhoff', 'Kalkhoff Endeavour', 'Cube', 'cube kathmandu', 'Riese & Müller', 'riese',
    'gazelle', 'gazelle ultimate', 'Trek', 'trek fx', 'Specialized Turbo', 'Brompton', 'urban arrow', 'Stromer ST3',
    'VanMoof', 'Canyon Pathlite', 'Tern GSD', 'Babboe', 'Diamant Zouma', 'Haibike', 'Orbea Kemen', 'Focus Aventura',
  ];
  const statuses = ['pending', 'draft', 'order_journey_started', 'employer_decision_pending', 'operator_decision_pending', 'done', 'canceled', 'rejected'];
  const sorts = ['createdAt', 'status', 'externalOfferId', 'customerEmail', 'customerName', 'totalPriceGross', 'offerNumber', 'productName'];
  const day = (from: Date, spanDays: number) => new Date(from.getTime() + Math.floor(next() * spanDays) * 86_400_000).toISOString().slice(0, 10);
  const start = new Date(Date.UTC(2025, 0, 1));
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const params = new URLSearchParams();
    const kind = next();
    if (kind < 0.12) params.set('search', `SPK-${1 + Math.floor(next() * (next() < 0.5 ? 99 : 9999))}`);
    else params.set('search', one(terms));
    const filter = next();
    if (filter < 0.25) params.set('status', one(statuses));
    else if (filter < 0.35) params.set('status', `${one(statuses)},${one(statuses)}`);
    else if (filter < 0.45) params.set('status', '!canceled,!rejected');
    if (next() < 0.35) {
      const from = day(start, 600);
      params.set('creationDateFrom', from);
      if (next() < 0.6) params.set('creationDateTo', day(new Date(`${from}T00:00:00Z`), 200));
    }
    if (next() < 0.15) params.set('statusChangedDateFrom', day(start, 600));
    params.set('sortBy', one(sorts));
    params.set('order', next() < 0.5 ? 'asc' : 'desc');
    params.set('perPage', String(10 + Math.floor(next() * 91)));
    if (next() < 0.2) params.set('page', String(2 + Math.floor(next() * 3)));
    out.push(params.toString());
  }
  return out;
}
