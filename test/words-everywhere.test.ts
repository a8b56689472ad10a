import { describe, expect, it } from 'vitest';
import { actionLabel, actorName, actorTypeLabel } from '@/lib/i18n/catalogue';
import { readerLang } from '@/lib/i18n/words';
import { ACTOR_TYPES } from '@/lib/shared/model';
import { api } from './helpers/api';
import { consoleHeaders, demoUser } from './operator-session';

// Every history entry, actor and answer in words in the reader's language: no code, no English on
// a German page, no UUID in an error a person reads; pages outside the faces follow the browser.

const HISTORY_ACTIONS = [
  'created',
  'updated',
  'customer_changed',
  'processed',
  'canceled',
  'reprocess',
  'customer_link_sent',
  'customer_link_requested',
  'start_order',
  'submit_order',
  'employer_approve',
  'employer_decline',
  'operator_approve',
  'operator_decline',
  'personal_data_anonymised',
  'personal_data_restricted',
];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe('words everywhere', () => {
  it('names every history action and actor in German and in English, never by its code', () => {
    for (const action of HISTORY_ACTIONS) {
      const [de, en] = [actionLabel(action, 'de'), actionLabel(action, 'en')];
      expect(de, action).not.toMatch(/_|^[a-z ]+$/);
      expect(en, action).not.toContain('_');
      expect(de, action).not.toBe(en);
    }
    expect(actionLabel('customer_link_sent', 'de')).toBe('Link an den Kunden gesendet');
    for (const type of ACTOR_TYPES) expect(actorTypeLabel(type, 'de'), type).not.toBe(type);
    expect(actorTypeLabel('employer', 'de')).toBe('Arbeitgeber');
    expect(actorTypeLabel('customer', 'de')).toBe('Kunde');
    const processor = { type: 'system', id: 'processor', name: 'Spoke processor' };
    expect(actorName(processor, 'de')).toBe('Spoke-Prüfung');
    expect(actorName(processor, 'en')).toBe('Spoke checks');
    expect(actorName({ type: 'employer', id: 'x', name: 'Hanna HR (Acme GmbH)' }, 'de')).toBe('Hanna HR (Acme GmbH)');
  });

  it('reads the language for pages outside the faces from the choice, else the browser', () => {
    expect(readerLang(undefined, 'de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(readerLang(undefined, 'en-GB,en;q=0.9')).toBe('en');
    expect(readerLang('de', 'en-GB')).toBe('de');
    expect(readerLang('xx', 'en-US')).toBe('en');
  });

  it('a duplicate dealer or employer is named, never by its id', async () => {
    const headers = await consoleHeaders(await demoUser('operator@example.com'));
    const name = `Velo Doppelt ${Date.now()}`;
    expect((await api.post('/api/console/dealers', { headers, body: { name } })).status).toBe(201);
    for (const lang of ['de', 'en']) {
      const again = await api.post('/api/console/dealers', { headers: { ...headers, 'accept-language': lang }, body: { name } });
      expect(again.status).toBe(409);
      const error = again.body.errors[0] as { message: string; details?: string };
      expect(error.message).toContain(name);
      expect(JSON.stringify(error)).not.toMatch(UUID);
    }
    const employer = await api.post('/api/console/employers', { headers, body: { name: 'Acme GmbH' } });
    expect(employer.status).toBe(409);
    expect(employer.body.errors[0].message).toContain('Acme GmbH');
    expect(JSON.stringify(employer.body.errors[0])).not.toMatch(UUID);
  });
});
