import { describe, expect, it } from 'vitest';
import { catalogue } from '@/lib/i18n/catalogue';
import { statusEntryTexts } from '@/lib/i18n/messages';
import { fieldLabel, translator } from '@/lib/portal/i18n';

// The dealer's own number for an offer (externalOfferId) has one name wherever a dealer reads it:
// "Eigene Angebotsnummer" / "Your offer number". The console, read by the operator, names it
// from outside: "Angebotsnummer des Händlers" / "Dealer’s offer number".

const OTHER_NAMES = /extern(e|en|er)? Angebotsnummer|external offer (id|number)/i;

function strings(o: object): string[] {
  return Object.values(o).flatMap((v) => (typeof v === 'string' ? [v] : strings(v as object)));
}

describe('the name of the dealer’s own offer number', () => {
  it('is one name in the portal, its builder, its filters and its status messages', () => {
    expect(fieldLabel('externalOfferId', 'de')).toBe('Eigene Angebotsnummer');
    expect(fieldLabel('externalOfferId', 'en')).toBe('Your offer number');
    expect(translator('de')('externalOfferId')).toBe('Eigene Angebotsnummer');
    expect(translator('en')('externalOfferId')).toBe('Your offer number');
    expect(translator('de')('externalId')).toBe('Eigene Angebotsnummer');
    expect(translator('en')('externalId')).toBe('Your offer number');
    for (const lang of ['de', 'en'] as const) {
      for (const text of [...strings(catalogue[lang].portal), ...strings(catalogue[lang].common), ...strings(catalogue[lang].console)]) {
        expect(text).not.toMatch(OTHER_NAMES);
      }
      for (const code of ['EXTERNAL_ID_ALREADY_USED', 'EXTERNAL_ID_IN_USE'] as const) {
        expect(statusEntryTexts[code][lang]).not.toMatch(OTHER_NAMES);
        expect(statusEntryTexts[code][lang]).toContain(lang === 'de' ? 'eigene Angebotsnummer' : 'Your offer number');
      }
    }
  });

  it('is named from outside in the console', () => {
    expect(catalogue.de.console.externalId).toBe('Angebotsnummer des Händlers');
    expect(catalogue.en.console.externalId).toBe('Dealer’s offer number');
  });
});
