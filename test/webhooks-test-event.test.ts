import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWebhookUrl, urlPolicy } from '@/lib/webhooks/url-policy';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';

// The test event (POST /v1/webhooks/{id}/test) and webhooks on a laptop: a signed `ping` sent at
// once to a receiver on this machine's loopback — the receiver of docs/webhooks.md, saved and run as
// written — which verifies it; the loopback rule of sandbox endpoints (WEBHOOK_SANDBOX_LOCAL).

const ROOT = path.resolve(import.meta.dirname, '..');
let dealer: TestDealer;
let dir: string;
const receivers: ChildProcess[] = [];

beforeAll(async () => {
  dealer = await newDealer();
  dir = mkdtempSync(path.join(tmpdir(), 'spoke-receiver-'));
  const docs = readFileSync(path.join(ROOT, 'docs/webhooks.md'), 'utf8');
  const js = /```js\n([\s\S]*?)```/.exec(docs)?.[1];
  if (!js) throw new Error('docs/webhooks.md has no js block');
  writeFileSync(path.join(dir, 'spoke-receiver.js'), js);
});

afterAll(() => {
  for (const r of receivers) r.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits until `condition` holds (the receiver's output arrives after its answer), at most 10 s. */
async function until(condition: () => boolean) {
  for (const started = Date.now(); !condition(); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() - started > 10_000) throw new Error('condition not met within 10 s');
  }
}

/** The documented receiver, started with `secret`; resolves once it listens. Its output collects in `log`. */
async function startReceiver(secret: string, port: number) {
  const child = spawn(process.execPath, ['spoke-receiver.js'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', SPOKE_WEBHOOK_SECRET: secret, RECEIVER_PORT: String(port) } as unknown as NodeJS.ProcessEnv,
  });
  receivers.push(child);
  const out = { log: '' };
  child.stdout.on('data', (d: Buffer) => (out.log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out.log += d.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => out.log.includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`receiver exited ${code}: ${out.log}`)));
  });
  return out;
}

describe('POST /v1/webhooks/{id}/test', () => {
  it('sends a signed ping that the documented receiver verifies; with a secret it does not know, it is refused', async () => {
    const port = await freePort();
    const created = await api.post('/v1/webhooks', { token: dealer.token, body: { url: `http://127.0.0.1:${port}/spoke`, description: 'laptop' } });
    expect(created.status, created.text).toBe(201);
    const { id, secret } = created.body.data;
    const receiver = await startReceiver(secret, port);

    const res = await api.post(`/v1/webhooks/${id}/test`, { token: dealer.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ delivered: true, responseStatus: 204, url: `http://127.0.0.1:${port}/spoke` });
    expect(res.body.data.event).toMatchObject({ type: 'ping', environment: 'sandbox', data: { webhookId: id } });
    await until(() => receiver.log.includes(`ping verified ${res.body.data.event.id}`));

    // A paused endpoint can be tested too; after a rotation without grace the receiver's secret is stale.
    await api.patch(`/v1/webhooks/${id}`, { token: dealer.token, body: { active: false } });
    await api.post(`/v1/webhooks/${id}/rotate-secret`, { token: dealer.token, query: { keepPreviousHours: 0 } });
    const stale = await api.post(`/v1/webhooks/${id}/test`, { token: dealer.token });
    // A loopback receiver's answer is told by its status only, never by its body.
    expect(stale.body.data).toMatchObject({ delivered: false, responseStatus: 400 });
    expect(stale.body.data).not.toHaveProperty('responseExcerpt');
    await until(() => receiver.log.includes('refused: bad signature'));
    // Nothing is kept as a delivery.
    expect((await api.get(`/v1/webhooks/${id}/deliveries`, { token: dealer.token })).body.meta.totalCount).toBe(0);
  });

  it('says why an endpoint cannot be reached; another dealer’s endpoint is 404; a body is refused', async () => {
    const port = await freePort();
    const created = await api.post('/v1/webhooks', { token: dealer.token, body: { url: `http://localhost:${port}/nobody` } });
    const res = await api.post(`/v1/webhooks/${created.body.data.id}/test`, { token: dealer.token });
    expect(res.body.data.delivered).toBe(false);
    // On this machine, how a port refuses is not told (no port scanner): no HTTP answer, that is all.
    expect(res.body.data.error).toBe('no HTTP answer');
    expect(res.body.data).not.toHaveProperty('responseStatus');
    const other = await newDealer();
    expect((await api.post(`/v1/webhooks/${created.body.data.id}/test`, { token: other.token })).status).toBe(404);
    expect((await api.post(`/v1/webhooks/${created.body.data.id}/test`, { token: dealer.token, body: { event: 'x' } })).status).toBe(400);
  });
});

describe('a receiver on this machine (WEBHOOK_SANDBOX_LOCAL)', () => {
  const production = { requireHttps: true, allowPrivate: false };
  it('lets a sandbox endpoint use the loopback over http, and nothing else private', () => {
    const sandbox = { ...production, allowLoopback: true };
    for (const url of ['http://127.0.0.1:8080/spoke', 'http://localhost:8080/spoke', 'http://[::1]:8080/', 'https://localhost/x']) {
      expect(checkWebhookUrl(url, sandbox).ok, url).toBe(true);
      expect(checkWebhookUrl(url, production), url).toMatchObject({ ok: false });
    }
    for (const url of ['http://10.0.0.1/x', 'http://192.168.1.5/x', 'http://169.254.169.254/latest', 'http://example.com/x']) {
      expect(checkWebhookUrl(url, sandbox).ok, url).toBe(false);
    }
    expect(checkWebhookUrl('http://user:pw@127.0.0.1/x', sandbox)).toEqual({ ok: false, problem: 'credentials' });
  });

  it('applies to sandbox endpoints only', () => {
    expect(urlPolicy('sandbox').allowLoopback).toBe(true);
    expect(urlPolicy('production').allowLoopback).toBe(false);
  });
});
