import { describe, expect, it } from 'vitest';
import { catalogue, codeLabel } from '@/lib/i18n/catalogue';
import { browserLang, negotiateLang } from '@/lib/i18n/words';
import { errorCodeLabel, consoleTranslator, formatCount } from '@/lib/console/i18n';
import { workTranslator } from '@/lib/console/work-texts';
import { fieldLabel, formatMoney, statusLabel, translator } from '@/lib/portal/i18n';
import { DRY_RUN_CODES, REJECTION_CODES } from '@/lib/offers/rules/checks';
import { CANCEL_REASONS, OFFER_STATUSES } from '@/lib/shared/model';

// The faces' catalogue: the same keys in every language, ICU messages that format, words for codes.

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`)));
}

describe('the catalogue', () => {
  it('reads the browser’s language: the supported one of the highest weight, German when none', () => {
    expect(browserLang('en-GB,en;q=0.9')).toBe('en');
    expect(browserLang('fr-FR,en-US;q=0.8,de;q=0.5')).toBe('en');
    expect(browserLang('de-AT,en;q=0.9')).toBe('de');
    expect(browserLang('en;q=0.4,de;q=0.6')).toBe('de');
    expect(browserLang('fr,it;q=0.5')).toBe('de');
    expect(browserLang('en;q=0')).toBe('de');
    expect(browserLang(null)).toBe('de');
    // The API asks the same question with English as its fallback.
    expect(negotiateLang('fr, en;q=0.3, de;q=0.7', 'en')).toBe('de');
    expect(negotiateLang('fr', 'en')).toBe('en');
  });

  it('has the same keys in German and English, in every namespace', () => {
    for (const ns of ['common', 'portal', 'console', 'docs', 'employer', 'order'] as const) {
      expect(keys(catalogue.en[ns]).sort()).toEqual(keys(catalogue.de[ns]).sort());
    }
  });

  it('formats plurals and numbers by the reader’s locale', () => {
    expect(translator('de')('resultCount', { from: 1, to: 10, total: 1234 })).toBe('1–10 von 1.234 Angeboten');
    expect(translator('en')('resultCount', { from: 1, to: 1, total: 1 })).toBe('1–1 of 1 offer');
    expect(translator('de')('pickerCount', { count: 1 })).toBe('1 Kategorie');
    expect(consoleTranslator('en')('resultCount', { from: 1, to: 25, total: 30 })).toBe('1–25 of 30 rejected offers');
    expect(formatMoney(3999, 'de').replace(/\s/g, ' ')).toBe('3.999,00 €');
  });

  it('writes every count as the reader writes numbers: in each message and where a page shows one alone', () => {
    expect(formatCount(149635, 'de')).toBe('149.635');
    expect(formatCount(149635, 'en')).toBe('149,635');
    expect(workTranslator('de')('countLabel', { count: 39781 })).toBe('39.781 Angebote');
    expect(workTranslator('en')('resultCount', { from: 1001, to: 1025, total: 48698 })).toBe('1,001–1,025 of 48,698');
    // A message that counts writes its count with grouping, in every namespace and language.
    for (const lang of ['de', 'en'] as const) {
      for (const ns of ['portal', 'console'] as const) {
        const t = ns === 'console' ? consoleTranslator(lang) : translator(lang);
        for (const key of keys(catalogue[lang][ns])) {
          const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue[lang][ns]) as string;
          const counts = [...text.matchAll(/\{(count|total|ok|from)\b/g)].map((m) => m[1]!);
          if (counts.length === 0) continue;
          const numeric = (m: RegExpMatchArray) => counts.includes(m[1]!) || /^,\s*(number|plural)/.test(m[2] ?? '');
          const params = Object.fromEntries([...text.matchAll(/\{(\w+)(,\s*\w+)?/g)].map((m) => [m[1]!, numeric(m) ? 12345 : 'x']));
          expect(t(key as never, params), `${lang}.${ns}.${key}`).not.toContain('12345');
        }
      }
    }
  });

  it('shares the words both faces use and keeps each face’s own', () => {
    expect(translator('de')('signOut')).toBe(consoleTranslator('de')('signOut'));
    expect('signOut' in catalogue.de.portal).toBe(false);
  });

  it('turns codes into words, with the code only as the last resort', () => {
    expect(statusLabel('operator_decision_pending', 'de')).not.toMatch(/_/);
    expect(errorCodeLabel('PRICE_ABOVE_LIST_PRICE', 'de')).toBe('Preis über Listenpreis');
    expect(fieldLabel('accessory[1].bidexCode', 'en')).toBe('Category of accessory 2');
    expect(codeLabel('de', 'status', 'no_such_status', 'fallback')).toBe('fallback');
  });

  it('has words for exactly the codes the domain defines: statuses, cancel reasons, rejection and dry-run codes', () => {
    for (const lang of ['de', 'en'] as const) {
      const words = catalogue[lang].common.codeWords;
      expect(Object.keys(words.status).sort()).toEqual([...OFFER_STATUSES].sort());
      expect(Object.keys(words.cancelReason).sort()).toEqual([...CANCEL_REASONS].sort());
      expect(Object.keys(words.errorCode).sort()).toEqual([...REJECTION_CODES, ...DRY_RUN_CODES].sort());
    }
  });

  it('fills every placeholder of every message when given its parameters', () => {
    for (const lang of ['de', 'en'] as const) {
      const t = translator(lang);
      for (const key of keys(catalogue[lang].portal)) {
        const text = catalogue[lang].portal[key as keyof (typeof catalogue)['de']['portal']] as string;
        const params = Object.fromEntries([...text.matchAll(/\{(\w+)/g)].map((m) => [m[1]!, 2]));
        expect(t(key as never, params), `${lang}.${key}`).not.toMatch(/\{\w+\}/);
      }
    }
  });
});

describe('“What happens next” on the portal’s offer page', () => {
  it('has plain words for every next step in German and English, saying what happens and who acts', () => {
    const keys = ['pending', 'send', 'resend', 'sent', 'sentSandbox', 'noEmployer', 'order_journey_started', 'employer_decision_pending', 'operator_decision_pending', 'done', 'canceled', 'rejected', 'declined'] as const;
    for (const kind of keys) {
      const key = `nextStep_${kind}` as const;
      const de = translator('de')(key, { date: '1.1.2027', email: 'a@b.example' });
      const en = translator('en')(key, { date: '1.1.2027', email: 'a@b.example' });
      expect(catalogue.de.portal).toHaveProperty(key);
      expect(catalogue.en.portal).toHaveProperty(key);
      for (const text of [de, en]) {
        expect(text.length, key).toBeGreaterThan(30);
        expect(text, key).not.toContain(key);
        expect(text, key).not.toMatch(/→|_|\{/);
      }
      expect(de).not.toBe(en);
    }
    // Who acts: the dealer sends, the person orders once the link is out, the employer and Spoke after the order.
    expect(translator('de')('nextStep_send')).toMatch(/^Senden Sie das Angebot an die Person/);
    expect(translator('de')('nextStep_sent', { date: 'x', email: 'y' })).toMatch(/^Die Person kann jetzt bestellen/);
    expect(translator('en')('nextStep_employer_decision_pending')).toMatch(/employer/);
    expect(translator('de')('nextStep_operator_decision_pending')).toMatch(/Spoke/);
    // Only the step after a sent, working link says the person can order now.
    for (const kind of ['pending', 'send', 'resend', 'noEmployer'] as const) expect(translator('de')(`nextStep_${kind}`, { date: 'x' }), kind).not.toMatch(/kann jetzt bestellen/);
  });
});

describe('the customer’s language', () => {
  it('is the first of German and English the browser asks for, German when it names neither', async () => {
    const { browserLang } = await import('@/lib/i18n/words');
    expect(browserLang('en-GB,en;q=0.9,de;q=0.8')).toBe('en');
    expect(browserLang('fr-FR,de;q=0.5,en;q=0.7')).toBe('en');
    expect(browserLang('de-AT,en;q=0.9')).toBe('de');
    expect(browserLang('en;q=0,de;q=0.1')).toBe('de');
    expect(browserLang('fr')).toBe('de');
    expect(browserLang(null)).toBe('de');
  });
});
