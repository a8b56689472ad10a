// A child process that serves the app's real route handlers over HTTP, for fault tests that must
// kill a server (SIGKILL) and start it again. It runs under `node --import tsx` against
// DATABASE_URL and calls the handlers exactly as test/helpers/api.ts and Next.js do: a real
// Request in, `handler(req, { params })`, the Response out. Only the routes the fault tests use
// are mounted, and the liveness check as `npm start` answers it. Prints `LISTENING <port>` on stdout once it accepts connections (ROUTE_SERVER_PORT, default 0: any free port).
import http from 'node:http';
// @ts-expect-error: a plain ES module of the start script, typed by its JSDoc
import { answerLiveness, LIVENESS_PATH } from '../../scripts/server-net.mjs';
import * as token from '@/app/oauth/token/route';
import * as offers from '@/app/v1/offers/route';
import * as offer from '@/app/v1/offers/[id]/route';
import * as history from '@/app/v1/offers/[id]/history/route';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type RouteModule = Record<string, unknown>;

const table: Array<{ segments: string[]; mod: RouteModule }> = [
  { segments: ['oauth', 'token'], mod: token },
  { segments: ['v1', 'offers'], mod: offers },
  { segments: ['v1', 'offers', '[id]'], mod: offer },
  { segments: ['v1', 'offers', '[id]', 'history'], mod: history },
];

function match(parts: string[]): { mod: RouteModule; params: Record<string, string> } | null {
  for (const { segments, mod } of table) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    if (segments.every((s, i) => (s === '[id]' ? ((params.id = decodeURIComponent(parts[i]!)), true) : s === parts[i]))) return { mod, params };
  }
  return null;
}

const server = http.createServer(async (req, res) => {
  // As scripts/server.mjs: the process answers its liveness itself.
  if ((req.url ?? '/').split('?')[0] === LIVENESS_PATH) return answerLiveness(req, res, process.env.PUBLIC_URL ?? 'http://spoke.test');
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', process.env.PUBLIC_URL ?? 'http://spoke.test');
    const found = match(url.pathname.split('/').filter(Boolean));
    const handler = found?.mod[req.method ?? 'GET'] as Handler | undefined;
    if (!found || !handler) {
      res.writeHead(found ? 405 : 404).end();
      return;
    }
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const response = await handler(new Request(url, { method: req.method, headers, body }), { params: Promise.resolve(found.params) });
    const out = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, Object.fromEntries(response.headers)).end(out);
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});

server.listen(Number(process.env.ROUTE_SERVER_PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : ''}\n`);
});
