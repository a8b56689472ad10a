import { describe, expect, it } from 'vitest';
import { bestMatch, type ComboboxOption } from '@/components/ui/combobox';
import { berlinDay, emptyOfferForm, formProblems } from '@/lib/portal/browser/offer-form';

// The builder's details: a delivery date before today (Berlin) is refused before the API sees it;
// the category picker highlights (and Enter picks) the option the typed words name, not its group.

describe('the builder', () => {
  it('refuses a delivery date before today in Europe/Berlin, and takes today', () => {
    const now = new Date('2026-11-28T23:30:00Z'); // 29 November in Berlin
    const form = (deliveryDate: string) => ({ ...emptyOfferForm(), deliveryDate });
    expect(berlinDay(now.toISOString())).toBe('2026-11-29');
    expect(formProblems(form('2026-11-28'), 'de', undefined, now)).toContainEqual({ name: 'deliveryDate', problem: 'pastDate' });
    expect(formProblems(form('2026-11-29'), 'de', undefined, now)).not.toContainEqual(expect.objectContaining({ name: 'deliveryDate' }));
    expect(formProblems(form(''), 'de', undefined, now)).toEqual([]);
  });

  it('highlights the child seat "Kindersitz h" names, not the group found by its path', () => {
    const options: ComboboxOption[] = [
      { value: '201600', label: 'Kindersitze (201600)', group: 'Zubehör › Kindersitze', keywords: 'Zubehör Kindersitze' },
      { value: '201610', label: 'Kindersitz vorne (201610)', group: 'Zubehör › Kindersitze', keywords: 'Zubehör Kindersitze Kindersitz vorne' },
      { value: '201620', label: 'Kindersitz hinten (201620)', group: 'Zubehör › Kindersitze', keywords: 'Zubehör Kindersitze Kindersitz hinten' },
    ];
    expect(options[bestMatch(options, ['kindersitz', 'h'])]!.value).toBe('201620');
    expect(options[bestMatch(options, ['kindersitz', 'v'])]!.value).toBe('201610');
    // Equally good: the first in the list's order.
    expect(options[bestMatch(options, ['kinder'])]!.value).toBe('201600');
  });
});
