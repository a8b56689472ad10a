import { describe, expect, it } from 'vitest';
import { api } from './helpers/api';
import { demoToken } from './helpers/auth';
import { createOffer } from './helpers/offers';

describe('smoke', () => {
  it('creates and reads an offer', async () => {
    const token = await demoToken();
    const offer = await createOffer(token);
    const res = await api.get(`/v1/offers/${offer.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.status.current.code).toBe('pending');
  });
});
