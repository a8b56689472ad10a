import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The faces name the person who leases neutrally ("Die Person zahlt", "the person pays", "Sie
// zahlen" to the person themselves), and the operator's labels say things as a person would
// ("Keine Probleme gefunden", not "Fehler: Keine Fehler"). Every text of every face is read here.

const MESSAGES = path.resolve(import.meta.dirname, '../messages');

/** Every string of a messages file with its key path. */
function texts(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => texts(v, at ? `${at}.${k}` : k));
  return [];
}

function all(lang: 'de' | 'en'): [string, string][] {
  const dir = path.join(MESSAGES, lang);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => texts(JSON.parse(readFileSync(path.join(dir, f), 'utf8'))).map(([k, v]) => [`${f}:${k}`, v] as [string, string]));
}

describe('neutral words on every face', () => {
  it('German: the person pays, and nobody is "der Mitarbeiter" who pays, orders or wants a call', () => {
    const found = all('de').filter(([, v]) => /\b(Der|der|Dem|dem) Mitarbeiter (zahlt|bestellt|möchte|wünscht)|Mitarbeiter zahlt|Beim Mitarbeiter|\(Mitarbeiter\)/.test(v));
    expect(found).toEqual([]);
    expect(all('de').find(([k]) => k === 'common.json:leaseEmployeePays')?.[1]).toBe('Die Person zahlt im Monat');
  });

  it('English: the person pays, not the employee', () => {
    const found = all('en').filter(([, v]) => /\b(the|The) employee (pays|wants|asks)|\(employee\)|With the employee/.test(v));
    expect(found).toEqual([]);
    expect(all('en').find(([k]) => k === 'common.json:leaseEmployeePays')?.[1]).toBe('The person pays a month');
  });

  it('the operator reads plain words: no "Keine Fehler" under "Fehler"', () => {
    for (const lang of ['de', 'en'] as const) {
      const found = all(lang).filter(([, v]) => /^(Keine Fehler|No errors)\.?$/.test(v));
      expect(found, lang).toEqual([]);
    }
  });
});
