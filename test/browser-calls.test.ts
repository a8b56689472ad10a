import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError, callOwn } from '@/lib/api-client/browser/call';
import { consoleCall, messageOf } from '@/lib/console/browser/client';
import { portalCall } from '@/lib/portal/browser/portal-call';
import { serverWords } from '@/lib/i18n/catalogue';

// The faces' one way of calling their own endpoints, against a real HTTP server: the answer's data,
// or one error type (ApiRequestError) with the answer's entries or, when no answer of ours came,
// an entry in the reader's words.

let server: http.Server;
let base = '';
let closedPort = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/ok') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { lang: req.headers['accept-language'] } }));
    if (req.url === '/refused') {
      const errors = [{ code: 'INVALID_PARAMETER', message: 'Ein Wert ist ungültig.', details: 'email' }];
      return void res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ errors }));
    }
    res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const de = serverWords('de');

describe('calls of a face’s own endpoints', () => {
  it('answer the data, in the reader’s language', async () => {
    expect(await callOwn('GET', `${base}/ok`, de)).toEqual({ lang: 'de' });
    expect(await portalCall('GET', `${base}/ok`, serverWords('en'))).toEqual({ ok: true, data: { lang: 'en' } });
  });

  it('fail with the answer’s entries: thrown for the console, as a value for the portal', async () => {
    const err = await consoleCall('POST', `${base}/refused`, de, { email: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect((err as ApiRequestError).status).toBe(400);
    expect(messageOf(err)).toBe('Ein Wert ist ungültig. (email)');
    expect(await portalCall('POST', `${base}/refused`, de, { body: {} })).toEqual({ ok: false, status: 400, message: 'Ein Wert ist ungültig.', field: 'email' });
  });

  it('say in words an answer that is not ours and a server that cannot be reached', async () => {
    const gateway = await portalCall('GET', `${base}/gateway`, de);
    expect(gateway).toMatchObject({ ok: false, status: 502 });
    expect(gateway.ok ? '' : gateway.message).toContain('HTTP 502');
    const none = await callOwn('GET', `http://127.0.0.1:${closedPort}/x`, de).catch((e: unknown) => e);
    expect(none).toBeInstanceOf(ApiRequestError);
    expect((none as ApiRequestError).status).toBe(0);
    expect(messageOf(none)).toContain('Keine Verbindung zum Server');
  });
});
