import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { listHistory } from '@/db/repositories/history';
import { api } from './helpers/api';
import { demoToken } from './helpers/auth';
import { createOffer } from './helpers/offers';

// Cancel with an optional note beside the reason: kept in the offer and its history, at most 500 characters.

describe('cancelNote', () => {
  it('is kept in the offer and its history', async () => {
    const token = await demoToken();
    const offer = await createOffer(token);
    const note = 'Kunde wählt ein Modell eines anderen Herstellers.';
    const res = await api.post(`/v1/offers/${offer.id}/cancel?cancelReason=other&cancelNote=${encodeURIComponent(note)}`, { token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ cancelReason: 'other', cancelNote: note });
    expect((await api.get(`/v1/offers/${offer.id}`, { token })).body.data.cancelNote).toBe(note);
    const { rows } = await listHistory(getDb(), offer.id, 5, 0);
    expect(rows[0]!.changes).toContainEqual({ field: 'cancelNote', new: note });
  });

  it('refuses a note over 500 characters and changes nothing', async () => {
    const token = await demoToken();
    const offer = await createOffer(token);
    const res = await api.post(`/v1/offers/${offer.id}/cancel?cancelReason=other&cancelNote=${'x'.repeat(501)}`, { token });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].details).toBe('cancelNote');
    expect((await api.get(`/v1/offers/${offer.id}`, { token })).body.data.status.current.code).not.toBe('canceled');
  });
});
