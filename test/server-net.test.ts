import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the start script, typed by its JSDoc
import { answerLiveness, banner, bodyLimit, clientOf, parseErrorAnswer, refuseBody, requestIdOf } from '../scripts/server-net.mjs';

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
    // The invoice upload alone takes its PDF of up to 5 MB.
    expect(bodyLimit('/v1/offers/5f0c7a52-1d0e-4f51-9c86-2b1f6f3e8a10/invoice')).toBe(6 * 1024 * 1024);
    expect(bodyLimit('/api/portal/offers/5f0c7a52-1d0e-4f51-9c86-2b1f6f3e8a10/invoice')).toBe(6 * 1024 * 1024);
    expect(bodyLimit('/v1/offers/5f0c7a52-1d0e-4f51-9c86-2b1f6f3e8a10/invoice/document')).toBe(262144);
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

describe('refuseBody: a body over the limit, refused from its Content-Length', () => {
  /** A server of `npm start`'s kind that refuses every body over 256 KiB, as scripts/server.mjs does. */
  async function refusingServer(bounds?: { bytes?: number; ms?: number }) {
    const server = http.createServer((req, res) => {
      if (Number(req.headers['content-length'] ?? 0) > 256 * 1024) return refuseBody(req, res, 256 * 1024, 'http://spoke.test', bounds);
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }
  const big = Buffer.alloc(10 * 1024 * 1024, 'a');

  it('Node’s fetch (which sends the whole body before it reads) and curl both read the answer: the envelope with its docs link', async () => {
    const { server, base } = await refusingServer();
    try {
      // Several in a row: the connection a refusal leaves behind is the one the next request reuses.
      for (const route of ['/v1/offers', '/v1/offers', '/oauth/token', '/v1/offers']) {
        const res = await fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', 'Spoke-Request-ID': 'big-1' }, body: big });
        expect(res.status).toBe(400);
        // Like every answer: the request id, the client's when it sent a valid one.
        expect(res.headers.get('spoke-request-id')).toBe('big-1');
        const body = await res.json();
        if (route === '/oauth/token') expect(body).toEqual({ error: 'invalid_request', error_description: 'The body is larger than 256 KiB.' });
        else expect(body.errors[0]).toMatchObject({ code: 'INVALID_REQUEST', docs: 'http://spoke.test/docs/errors#INVALID_REQUEST', translations: { de: 'Der Inhalt ist größer als 256 KiB.' } });
      }
      // The connection stays usable after a drained refusal (keep-alive), as for any answer.
      expect(await (await fetch(`${base}/v1/offers`)).text()).toBe('ok');
      const file = path.join(tmpdir(), `spoke-big-${process.pid}.bin`);
      writeFileSync(file, big);
      const { stdout } = await promisify(execFile)('curl', ['-s', '-X', 'POST', '--data-binary', `@${file}`, '-w', '\n%{http_code}', `${base}/v1/offers`]);
      const [text, status] = stdout.split('\n');
      expect(status).toBe('400');
      expect(JSON.parse(text!).errors[0].code).toBe('INVALID_REQUEST');
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });

  it('reads no more than its bound: beyond it the connection is cut', async () => {
    const { server, base } = await refusingServer({ bytes: 1024 * 1024 });
    try {
      const { port } = new URL(base);
      const socket = net.connect(Number(port), '127.0.0.1');
      const closed = new Promise<string>((resolve) => socket.on('close', () => resolve('closed')).on('error', () => {}));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.write(`POST /v1/offers HTTP/1.1\r\nHost: x\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`);
      // More than the bound, and less than the declared body: only the cut ends the connection.
      for (let i = 0; i < 4; i++) socket.write(Buffer.alloc(512 * 1024, 'a'));
      expect(await closed).toBe('closed');
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });
});

describe('the start banner and the request id of answers written by the server', () => {
  it('lists all four demo API clients of docs/contract.md with their secrets', () => {
    const text = banner({ PORT: '3000' }, 1);
    for (const client of ['demo-sandbox', 'demo-readonly', 'demo-production', 'other-sandbox']) expect(text).toContain(`${client} / ${client}-secret`);
  });

  it('echoes a valid Spoke-Request-ID and makes a new one otherwise', () => {
    expect(requestIdOf('abc-1')).toBe('abc-1');
    expect(requestIdOf('bad id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('answerLiveness: the process answers GET /api/health itself', () => {
  const withServer = async (run: (base: string) => Promise<void>) => {
    const server = http.createServer((req, res) => answerLiveness(req, res, 'https://spoke.example'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/health`);
    } finally {
      server.close();
      server.closeAllConnections();
    }
  };

  it('GET: 200, the envelope, the API headers, the caller\'s request id, no caching', async () => {
    await withServer(async (url) => {
      const res = await fetch(url, { headers: { 'Spoke-Request-ID': 'probe-7' } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ data: { status: 'ok' }, meta: {} });
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('spoke-request-id')).toBe('probe-7');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      const fresh = await fetch(url);
      expect(fresh.headers.get('spoke-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  it('HEAD without a body; OPTIONS names the methods; another method is a 405 in the envelope', async () => {
    await withServer(async (url) => {
      const head = await fetch(url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      const options = await fetch(url, { method: 'OPTIONS' });
      expect(options.status).toBe(204);
      expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      const post = await fetch(url, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
      expect(post.status).toBe(405);
      expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      const body = (await post.json()) as { errors: { code: string; message: string; translations: { de: string; en: string }; docs: string }[] };
      expect(body.errors[0]).toMatchObject({ code: 'METHOD_NOT_ALLOWED', message: 'This method is not allowed here.', docs: 'https://spoke.example/docs/errors#METHOD_NOT_ALLOWED' });
      expect(body.errors[0]!.translations.de).not.toBe(body.errors[0]!.translations.en);
    });
  });
});
