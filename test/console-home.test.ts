import { describe, expect, it } from 'vitest';
import ConsoleHome from '@/app/(operator)/console/page';
import { navMatchScore, type NavItem } from '@/components/ui/app-shell';

// The console opens on the decision queue, and its navigation marks the queue an offer was opened
// from ("?queue=decision"), not "all offers".

const NAV: NavItem[] = [
  { href: '/console/queues/decision', text: 'Ihre Entscheidung', match: ['/console/queues/decision', '/console/offers?queue=decision'] },
  { href: '/console/rejected', text: 'Abgelehnt', match: ['/console/rejected', '/console/queues/rejected', '/console/offers?queue=rejected'] },
  { href: '/console/queues/search', text: 'Alle Angebote', match: ['/console/queues/search', '/console/offers'] },
];

const current = (path: string, query = '') =>
  NAV.map((item) => ({ item, score: navMatchScore(item, path, new URLSearchParams(query)) }))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score)[0]?.item.text;

describe('the console’s start and navigation', () => {
  it('/console sends the operator to the decision queue; with the old filters, to the rejected offers', async () => {
    const target = async (params: Record<string, string>) => {
      try {
        await ConsoleHome({ searchParams: Promise.resolve(params) });
      } catch (err) {
        return String((err as { digest?: string }).digest);
      }
      return undefined;
    };
    expect(await target({})).toContain(';/console/queues/decision;');
    expect(await target({ code: 'PRICE_ABOVE_LIST_PRICE' })).toContain(';/console/rejected?code=PRICE_ABOVE_LIST_PRICE;');
  });

  it('marks the queue an offer was opened from; all offers only without one', () => {
    expect(current('/console/offers/abc', 'queue=decision')).toBe('Ihre Entscheidung');
    expect(current('/console/offers/abc', 'queue=rejected')).toBe('Abgelehnt');
    expect(current('/console/offers/abc')).toBe('Alle Angebote');
    expect(current('/console/queues/decision')).toBe('Ihre Entscheidung');
    expect(current('/console/rejected')).toBe('Abgelehnt');
  });
});
