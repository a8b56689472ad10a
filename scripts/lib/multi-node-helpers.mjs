// The small tools of scripts/multi-node.mjs: an offer to create, HTTP requests that never throw,
// a cookie jar, Prometheus text, a bounded pool of tasks, waiting for a condition, a child command.
import { spawn } from 'node:child_process';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function offerBody(externalOfferId) {
  return {
    externalOfferId,
    customerName: 'Erika Mustermann',
    customerEmail: 'erika@example.com',
    product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu Hybrid', priceGross: 3499.0, listPriceGross: 3699.0 },
    accessory: [{ bidexCode: '201010', brandName: 'Abus', modelName: 'Granit X-Plus', priceGross: 99.95, listPriceGross: 109.95 }],
  };
}

export async function req(url, { method = 'GET', body, headers = {} } = {}) {
  try {
    const r = await fetch(url, { method, body, headers, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    const text = await r.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: r.status, headers: r.headers, text, json };
  } catch (err) {
    return { status: 0, headers: new Headers(), text: String(err), json: undefined };
  }
}

export function cookieJar(headers) {
  const jar = new Map();
  const add = (h) => {
    for (const c of h.getSetCookie?.() ?? []) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  add(headers);
  return { add, header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
}

export function metricSum(text, name, labels = {}) {
  let sum = 0;
  for (const l of text.split('\n')) {
    if (!l.startsWith(`${name}{`) && !l.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`))) sum += Number(l.split(' ').pop());
  }
  return sum;
}

export async function pool(count, concurrency, task) {
  const out = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

export async function waitFor(condition, timeoutMs, what, everyMs = 250) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await condition()) return;
    await sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export function assert(ok, message) {
  if (!ok) throw new Error(message);
}

// While the nodes serve, child commands run without blocking this process's event loop.
export const runAsync = (cmd, args, env = {}) =>
  new Promise((resolve) => {
    const p = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
