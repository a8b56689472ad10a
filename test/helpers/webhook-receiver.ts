import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A webhook receiver for the tests: a real HTTP server on 127.0.0.1 and a random port that records
// every request and answers what the test tells it to.

export type Received = {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
  /** What the receiver answered. */
  status: number;
  at: number;
};

/** Decides the answer to the n-th request (from 1): a status, or 'hang' to never answer. */
export type Responder = (request: { n: number; json: any; headers: http.IncomingHttpHeaders }) => number | 'hang';

export type Receiver = {
  url: string;
  port: number;
  received: Received[];
  /** Requests answered with 2xx. */
  acknowledged: () => Received[];
  respond: (responder: Responder) => void;
  close: () => Promise<void>;
};

export async function startReceiver(responder: Responder = () => 200, path = '/hook'): Promise<Receiver> {
  const received: Received[] = [];
  let respond = responder;
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: any;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const answer = respond({ n: received.length + 1, json, headers: req.headers });
      received.push({ headers: req.headers, body, json, status: answer === 'hang' ? 0 : answer, at: Date.now() });
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(answer, { 'content-type': 'text/plain' });
      res.end(answer < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    received,
    acknowledged: () => received.filter((r) => r.status >= 200 && r.status < 300),
    respond: (r) => {
      respond = r;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Verifies a Spoke-Signature header the way docs/webhooks.md tells receivers to: recompute the
 * HMAC of "<t>.<body>", compare in constant time against every v1, reject timestamps older than
 * five minutes. Written independently of the server's signing code.
 */
export function verifySpokeSignature(header: string | undefined, body: string, secret: string, nowSeconds = Date.now() / 1000): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.split('=', 2) as [string, string]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
