import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the start script, typed by its JSDoc
import { bodyLimit, clientOf } from '../scripts/server-net.mjs';

// Issue 15, points 6 and 10: the client's address and scheme as `npm start` decides them before the
// app sees the request (it rewrites X-Forwarded-For / X-Forwarded-Proto to these, and sends HSTS
// when the scheme is https). TRUST_PROXY is the number of trusted proxies; 0 = the socket.

const req = (remoteAddress: string, headers: Record<string, string> = {}, encrypted = false) =>
  ({ socket: { remoteAddress, ...(encrypted ? { encrypted: true } : {}) }, headers }) as unknown as IncomingMessage;

describe('clientOf', () => {
  it('TRUST_PROXY=0: the socket, whatever the headers claim', () => {
    expect(clientOf(req('::ffff:192.0.2.7', { 'x-forwarded-for': '203.0.113.1', 'x-forwarded-proto': 'https' }), 0)).toEqual({ address: '192.0.2.7', proto: 'http' });
    expect(clientOf(req('2001:db8::1', {}, true), 0)).toEqual({ address: '2001:db8::1', proto: 'https' });
  });

  it('TRUST_PROXY=1: the entry the proxy wrote, not what the client put before it', () => {
    const r = req('10.0.0.2', { 'x-forwarded-for': '6.6.6.6, 198.51.100.4', 'x-forwarded-proto': 'https' });
    expect(clientOf(r, 1)).toEqual({ address: '198.51.100.4', proto: 'https' });
    expect(clientOf(req('10.0.0.2'), 1)).toEqual({ address: '10.0.0.2', proto: 'http' });
  });

  it('TRUST_PROXY=2: two hops in', () => {
    const r = req('10.0.0.2', { 'x-forwarded-for': '6.6.6.6, 198.51.100.4, 10.0.0.9', 'x-forwarded-proto': 'https, http' });
    expect(clientOf(r, 2)).toEqual({ address: '198.51.100.4', proto: 'https' });
  });
});

describe('bodyLimit', () => {
  it('8 KiB for the token and sign-in endpoints, 256 KiB for the API, 1 MiB for pages', () => {
    expect(bodyLimit('/oauth/token')).toBe(8192);
    expect(bodyLimit('/api/auth/callback/credentials')).toBe(8192);
    expect(bodyLimit('/v1/offers')).toBe(262144);
    expect(bodyLimit('/portal/offers/new')).toBe(1048576);
  });
});
