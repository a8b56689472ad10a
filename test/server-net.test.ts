import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the start script, typed by its JSDoc
import { bodyLimit, clientOf, parseErrorAnswer } from '../scripts/server-net.mjs';

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

describe('parseErrorAnswer: a request the HTTP parser refused, answered in the envelope', () => {
  const parse = (raw: string) => {
    const [head, body] = raw.split('\r\n\r\n') as [string, string];
    const [status, ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 2)]));
    return { status, headers, body: JSON.parse(body) };
  };
  const packet = (s: string) => Buffer.from(s, 'utf8');

  it('a raw ü in the URL: 400 INVALID_REQUEST saying to percent-encode, in English and German, with a true length', () => {
    const raw = parseErrorAnswer({ code: 'HPE_INVALID_URL', rawPacket: packet('GET /v1/offers?search=MÜLLER HTTP/1.1\r\n') });
    const { status, headers, body } = parse(raw);
    expect(status).toBe('HTTP/1.1 400 Bad Request');
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers.connection).toBe('close');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(Number(headers['content-length'])).toBe(Buffer.byteLength(raw.split('\r\n\r\n')[1]!));
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].code).toBe('INVALID_REQUEST');
    expect(body.errors[0].message).toContain('percent-encoded');
    expect(body.errors[0].translations.de).toContain('prozentkodiert');
    // As every error answer: a request id and the code's entry in the error reference.
    expect(headers['spoke-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.errors[0].docs).toMatch(/\/docs\/errors#INVALID_REQUEST$/);
  });

  it('under /oauth/ in RFC 6749\'s form', () => {
    const { body } = parse(parseErrorAnswer({ code: 'HPE_INVALID_URL', rawPacket: packet('POST /oauth/token?ü HTTP/1.1\r\n') }));
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toContain('percent-encoded');
  });

  it('headers over the limit: 431; anything else the parser refuses: 400; no packet at all still answers', () => {
    expect(parse(parseErrorAnswer({ code: 'HPE_HEADER_OVERFLOW', rawPacket: packet('GET / HTTP/1.1\r\nX: aaaa') })).status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    const other = parse(parseErrorAnswer({ code: 'HPE_INVALID_METHOD' }));
    expect(other.status).toBe('HTTP/1.1 400 Bad Request');
    expect(other.body.errors[0].message).toContain('HTTP/1.1');
  });

  it('a timeout or a reset connection is left to Node (undefined)', () => {
    expect(parseErrorAnswer({ code: 'ERR_HTTP_REQUEST_TIMEOUT' })).toBeUndefined();
    expect(parseErrorAnswer({ code: 'ECONNRESET' })).toBeUndefined();
  });
});
