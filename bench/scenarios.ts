// What the bench sends (bench/run.ts, bench/search-mix.ts, bench/explain.ts).
import createBody from './create-body.json';

/** The create body (also sent by `npm run soak`); `__EXT__` is replaced by a unique external id per request. */
export const CREATE_BODY = createBody;

/**
 * The repeated mix: 120 fixed queries sent round robin, so each repeats every 120 requests (what
 * the earlier benchmark measured; kept to compare with, no target). Customer names with and
 * without umlauts, brands, brand + model, offer-number prefixes, each with status and date
 * filters, every sort key in both orders, perPage 10 to 100. Query strings after `/v1/offers?`.
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

/** Names, brands and models as dealers type them: whole, in part, without umlauts. */
const NAMES = [
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Schäfer',
  'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Krüger', 'Hartmann', 'Lange', 'Yılmaz', 'Kaya',
  'Nowak', 'Kowalski', 'Rossi', 'Papadopoulos', 'García', 'Jensen', 'Nguyen', 'Öztürk', 'van der Berg', 'Dubois',
  'Anna', 'Lukas', 'Marie', 'Jonas', 'Sophie', 'Leon', 'Felix', 'Jürgen', 'Sabine', 'Thomas', 'Özlem', 'Mehmet', 'Ayşe',
  'Piotr', 'Giulia', 'Dimitrios', 'Lucía', 'Chloé', 'Björn', 'Zoë', 'Franziska',
];
const PRODUCTS = [
  'Cube', 'Kathmandu', 'Riese & Müller', 'Nevo4', 'Gazelle', 'Ultimate', 'Kalkhoff', 'Endeavour', 'Trek', 'Allant',
  'Specialized', 'Turbo Vado', 'Haibike', 'Canyon', 'Pathlite', 'Stevens', 'Giant', 'Focus', 'Brompton', 'Tern',
  'Urban Arrow', 'Stromer', 'Diamant', 'VanMoof', 'Cannondale', 'Orbea', 'Babboe',
];
const FOLD: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', ı: 'i', ş: 's', é: 'e', í: 'i', ë: 'e' };

/**
 * Queries as users send them, each different (`count` distinct query strings, seeded so a run can
 * be repeated): with `search`, a term — a fragment of a name, brand or model of 2 to 6 characters,
 * a whole name (with or without umlauts), a first and a last name's beginning, brand + model, an
 * offer-number prefix — and in a third of them filters too; without, filters alone (statuses,
 * creation and status-change dates). Every one with a sort key and order, `perPage` 10 to 100 and
 * one of the first pages. Query strings after `/v1/offers?`.
 */
export function randomSearchMix(count: number, seed = 1, { search = true }: { search?: boolean } = {}): string[] {
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
  const int = (from: number, to: number) => from + Math.floor(next() * (to - from + 1));
  const one = <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const folded = (s: string) => s.toLowerCase().replace(/[äöüßışéíë]/g, (c) => FOLD[c]!);
  const fragment = (word: string) => {
    const length = Math.min(word.length, int(2, 6));
    const at = int(0, word.length - length);
    return word.slice(at, at + length).trim() || word;
  };
  const term = () => {
    const kind = next();
    if (kind < 0.35) return fragment(next() < 0.5 ? one(NAMES) : folded(one(NAMES)));
    if (kind < 0.5) return next() < 0.5 ? one(NAMES) : folded(one(NAMES));
    if (kind < 0.6) return `${one(NAMES)} ${one(NAMES).slice(0, int(1, 3))}`;
    if (kind < 0.72) return fragment(one(PRODUCTS));
    if (kind < 0.85) return `${one(PRODUCTS)}${next() < 0.5 ? '' : ` ${fragment(one(PRODUCTS))}`}`;
    return `SPK-${int(1, next() < 0.5 ? 99 : 9999)}`;
  };
  const statuses = ['pending', 'draft', 'order_journey_started', 'employer_decision_pending', 'operator_decision_pending', 'done', 'canceled', 'rejected'];
  const sorts = ['createdAt', 'status', 'externalOfferId', 'customerEmail', 'customerName', 'totalPriceGross', 'offerNumber', 'productName'];
  const day = (from: Date, spanDays: number) => new Date(from.getTime() + Math.floor(next() * spanDays) * 86_400_000).toISOString().slice(0, 10);
  const start = new Date(Date.UTC(2024, 6, 1));
  const out = new Set<string>();
  for (let tries = 0; out.size < count && tries < count * 20; tries++) {
    const params = new URLSearchParams();
    if (search) params.set('search', term());
    if (!search || next() < 0.35) {
      const filter = next();
      if (filter < 0.3) params.set('status', one(statuses));
      else if (filter < 0.45) params.set('status', `${one(statuses)},${one(statuses)}`);
      else if (filter < 0.6) params.set('status', '!canceled,!rejected');
      if (next() < 0.4) {
        const from = day(start, 700);
        params.set('creationDateFrom', from);
        if (next() < 0.6) params.set('creationDateTo', day(new Date(`${from}T00:00:00Z`), 200));
      }
      if (next() < 0.15) params.set('statusChangedDateFrom', day(start, 700));
    }
    params.set('sortBy', one(sorts));
    params.set('order', next() < 0.5 ? 'asc' : 'desc');
    params.set('perPage', String(int(10, 100)));
    if (next() < 0.2) params.set('page', String(int(2, 4)));
    out.add(params.toString());
  }
  return [...out];
}
