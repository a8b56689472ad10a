import 'server-only';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isThisMachine, portOf } from './own-services';
import { BlockedAddressError, checkWebhookUrl, guardedLookup, isPrivateAddress, type LookupAll, type UrlPolicy } from './url-policy';

// One HTTP POST of a webhook: to a URL that passes the policy, connecting only to addresses that
// pass it (checked on the resolved addresses at connect time), no redirects followed (node:http
// never follows one: a 3xx is the receiver's answer, recorded as a failed attempt), and a hard
// deadline over everything from DNS to the last byte of the answer. The answer of a loopback or
// private target (allowed in development and for sandbox receivers on the developer's machine) is
// told by its status only: no body excerpt and no connection error's detail, so a webhook cannot
// read or scan what listens inside our network.

export type PostResult = {
  /** The receiver's HTTP status, when it answered. */
  status: number | null;
  /** What went wrong when there was no answer (or the URL was refused). */
  error: string | null;
  /** The first characters of the answer's body (null for a loopback or private target). */
  excerpt: string | null;
  durationMs: number;
  /** Stopped by the caller's signal before an answer: not an attempt. */
  aborted?: boolean;
};

/** Whether an address (or a name like `localhost`) is loopback, private or this machine's. */
const insideOf = (address: string) => isThisMachine(address) || isPrivateAddress(address);

/** Whether a URL's host, as written, is a loopback or private target (a name only when it is this machine's). */
export function insideUrl(raw: string): boolean {
  try {
    const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
    return net.isIP(host) !== 0 ? insideOf(host) : isThisMachine(host);
  } catch {
    return false;
  }
}

const MAX_READ = 64 * 1024;
const EXCERPT = 500;

export async function postJson(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; policy: UrlPolicy; /** The name resolver (default the system's). */ lookup?: LookupAll; signal?: AbortSignal },
): Promise<PostResult> {
  const started = Date.now();
  const done = (r: Omit<PostResult, 'durationMs'>): PostResult => ({ ...r, durationMs: Date.now() - started });

  const check = checkWebhookUrl(rawUrl, options.policy);
  if (!check.ok) return done({ status: null, error: `URL refused (${check.problem})`, excerpt: null });
  const url = check.url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const client = url.protocol === 'https:' ? https : http;
  // A literal is known now; a name once resolved (the socket's lookup) or connected.
  let inside = net.isIP(host) !== 0 ? insideOf(host) : isThisMachine(host);

  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<PostResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      const statusOnly = inside && !r.aborted ? { excerpt: null, error: r.error && !r.error.startsWith('timeout') && !r.error.startsWith('address refused') ? 'no HTTP answer' : r.error } : {};
      resolve(done({ ...r, ...statusOnly }));
    };
    const onAbort = () => {
      req.destroy();
      finish({ status: null, error: 'stopped before an answer', excerpt: null, aborted: true });
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        // Names are resolved by the guard; address literals were checked above (Node skips lookup).
        lookup: net.isIP(host) === 0 ? guardedLookup(options.policy, options.lookup, portOf(url)) : undefined,
        agent: false,
      },
      (res) => {
        if (res.socket.remoteAddress) inside ||= insideOf(res.socket.remoteAddress);
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < MAX_READ) chunks.push(chunk);
          size += chunk.length;
          if (size >= MAX_READ) res.destroy();
        });
        const end = () =>
          finish({
            status: res.statusCode ?? null,
            error: null,
            excerpt: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT) || null,
          });
        res.on('end', end);
        res.on('close', end);
        res.on('error', end);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({ status: null, error: `timeout after ${options.timeoutMs} ms`, excerpt: null });
    }, options.timeoutMs);
    req.on('socket', (socket) => {
      socket.on('lookup', (_err: Error | null, address: string) => {
        if (address) inside ||= insideOf(address);
      });
      socket.on('connect', () => {
        if (socket.remoteAddress) inside ||= insideOf(socket.remoteAddress);
      });
    });
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (err) => {
      const message =
        err instanceof BlockedAddressError
          ? `address refused: ${err.message}`
          : `${(err as NodeJS.ErrnoException).code ?? 'ERROR'}: ${err.message}`;
      finish({ status: null, error: message.slice(0, EXCERPT), excerpt: null });
    });
    req.end(body);
  });
}
