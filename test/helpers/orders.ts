import { expect } from 'vitest';
import { api, routeFetch } from './api';
import { createOffer } from './offers';

/** A sandbox offer walked to done (its order issued), as the API answers it. */
export async function doneSandboxOffer(token: string, overrides: Record<string, unknown> = {}) {
  const offer = await createOffer(token, overrides);
  for (let i = 0; i < 5; i++) {
    const res = await api.post(`/v1/sandbox/offers/${offer.id}/advance`, { token });
    expect(res.status, res.text).toBe(200);
  }
  const read = await api.get(`/v1/offers/${offer.id}`, { token });
  expect(read.body.data.status.current.code).toBe('done');
  return read.body.data as Record<string, any>;
}

export const handover = (token: string, id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api.post(`/v1/offers/${id}/handover`, { token, body, headers });

/** POST /v1/offers/{id}/invoice as multipart/form-data through the route handlers (contract-checked). */
export async function postInvoice(token: string, id: string, fields: Record<string, string>, document?: Uint8Array, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (document) form.set('document', new Blob([document as BlobPart], { type: 'application/pdf' }), 'invoice.pdf');
  const res = await routeFetch(new Request(`http://spoke.test/v1/offers/${id}/invoice`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers }, body: form }));
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text, headers: res.headers };
}
