import 'server-only';
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { env } from '@/lib/env';
import { isLoopbackHost, ownServices, portOf, reachesOwnService } from './own-services';

export { isLoopbackHost };

// Which URLs Spoke sends webhooks to (docs/webhooks.md, "Delivery URLs"). The text of the URL is
// checked on registration; the addresses its host resolves to are checked on registration and
// again at every delivery, on the very addresses the connection uses (see guardedLookup), so a
// DNS answer that changes after registration cannot point a delivery into our network.

export type UrlPolicy = {
  /** Only `https:` URLs (production). */
  requireHttps: boolean;
  /** Loopback, private, link-local and other non-public addresses are allowed (development, tests). */
  allowPrivate: boolean;
  /**
   * This machine's own loopback (`localhost`, `127.0.0.0/8`, `::1`) is allowed, over http too: a
   * receiver on the developer's laptop, for sandbox endpoints where the operator allows it
   * (WEBHOOK_SANDBOX_LOCAL). Other private addresses stay refused.
   */
  allowLoopback?: boolean;
};

/**
 * The policy of this deployment for an endpoint of `environment`: https in production; private
 * addresses per WEBHOOK_ALLOW_PRIVATE; in the sandbox, loopback per WEBHOOK_SANDBOX_LOCAL.
 */
export function urlPolicy(environment?: 'sandbox' | 'production'): UrlPolicy {
  return { requireHttps: env.production, allowPrivate: env.webhookAllowPrivate, allowLoopback: environment === 'sandbox' && env.webhookSandboxLocal };
}

/** An address the policy refuses: not public, unless private ones are allowed or it is an allowed loopback. */
function refused(address: string, policy: UrlPolicy): boolean {
  if (policy.allowPrivate) return false;
  if (policy.allowLoopback && isLoopbackHost(address)) return false;
  return isPrivateAddress(address);
}

export const MAX_URL_LENGTH = 2048;

export type UrlProblem = 'invalid' | 'https' | 'credentials' | 'private' | 'unresolvable' | 'own-service';
export type UrlCheck = { ok: true; url: URL } | { ok: false; problem: UrlProblem };

// Every range that is not a public unicast address: loopback, RFC 1918, link-local (with the cloud
// metadata address 169.254.169.254), carrier-grade NAT, unique-local IPv6, documentation,
// benchmarking, multicast, reserved and "this network".
const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const BLOCKED_V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

const blockList = new net.BlockList();
for (const [address, prefix] of BLOCKED_V4) blockList.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of BLOCKED_V6) blockList.addSubnet(address, prefix, 'ipv6');

/** Reads the IPv4 address embedded in an IPv4-mapped, NAT64 or 6to4 IPv6 address. */
function embeddedV4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const groups = expandV6(lower);
  if (!groups) return undefined;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  // ::ffff:a.b.c.d (mapped), 64:ff9b::a.b.c.d (NAT64), ::a.b.c.d (compatible, deprecated)
  if (groups.slice(0, 5).every((g) => g === 0) && (groups[5] === 0xffff || groups[5] === 0)) return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) return v4(groups[6]!, groups[7]!);
  // 2002:AABB:CCDD::/48 (6to4)
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  return undefined;
}

function expandV6(address: string): number[] | undefined {
  if (net.isIPv6(address) === false) return undefined;
  let text = address.replace(/%.*$/, '');
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -tail[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  const fill = rest === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  const groups = [...left, ...fill, ...right];
  return groups.length === 8 ? groups : undefined;
}

/**
 * True for any address that is not a public unicast address: every special-purpose range of
 * ipaddr.js's registry (IPv4-mapped and IPv4-translated `::ffff:0:0/96` forms are read as the
 * IPv4 address they carry; NAT64, 6to4, Teredo and the like are refused whole), and BLOCKED_V4 /
 * BLOCKED_V6 on top.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const plain = bare.replace(/%.*$/, '');
  if (!ipaddr.isValid(plain)) return true; // not an address at all: never connect to it
  const parsed = ipaddr.process(plain);
  if (parsed.range() !== 'unicast') return true;
  const family = net.isIP(bare);
  if (family === 4) return blockList.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedV4(bare);
    if (v4 !== undefined && blockList.check(v4, 'ipv4')) return true;
    return blockList.check(bare.replace(/%.*$/, ''), 'ipv6');
  }
  return true; // not an address at all: never connect to it
}

/**
 * The checks on a URL's text: absolute http(s) URL (https when the policy requires it), no user
 * name or password, and — for a host given as an address or as `localhost` — a public address
 * unless the policy allows private ones. Names are resolved later (resolveUrlHost).
 */
export function checkWebhookUrl(raw: string, policy: UrlPolicy): UrlCheck {
  if (raw.length > MAX_URL_LENGTH) return { ok: false, problem: 'invalid' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: 'invalid' };
  if (!url.hostname) return { ok: false, problem: 'invalid' };
  if (url.username || url.password) return { ok: false, problem: 'credentials' };
  if (reachesOwnService(url.hostname, portOf(url))) return { ok: false, problem: 'own-service' };
  if (policy.allowLoopback && isLoopbackHost(url.hostname)) return { ok: true, url };
  if (policy.requireHttps && url.protocol !== 'https:') return { ok: false, problem: 'https' };
  if (!policy.allowPrivate) {
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (net.isIP(host) !== 0 ? isPrivateAddress(host) : host === 'localhost' || host.endsWith('.localhost')) {
      return { ok: false, problem: 'private' };
    }
  }
  return { ok: true, url };
}

export type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * Resolves the URL's host and checks every address it resolves to (an address literal is checked
 * as is): none may be one of our own services, nor refused by the policy. With private addresses
 * allowed, a name is resolved only on a port of our own services.
 */
export async function resolveUrlHost(url: URL, policy: UrlPolicy, lookup: LookupAll = systemLookup): Promise<UrlCheck> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = portOf(url);
  const services = ownServices();
  if (net.isIP(host) !== 0) {
    if (reachesOwnService(host, port, services)) return { ok: false, problem: 'own-service' };
    return refused(host, policy) ? { ok: false, problem: 'private' } : { ok: true, url };
  }
  if (policy.allowPrivate && !services.ports.has(port)) return { ok: true, url };
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host);
  } catch {
    return { ok: false, problem: 'unresolvable' };
  }
  if (addresses.length === 0) return { ok: false, problem: 'unresolvable' };
  if (addresses.some((a) => reachesOwnService(a.address, port, services))) return { ok: false, problem: 'own-service' };
  return addresses.some((a) => refused(a.address, policy)) ? { ok: false, problem: 'private' } : { ok: true, url };
}

export class BlockedAddressError extends Error {
  readonly code = 'EWEBHOOKBLOCKED';
  constructor(host: string, address: string, reason = 'a private or reserved address') {
    super(`${host} resolves to ${address}, ${reason}`);
    this.name = 'BlockedAddressError';
  }
}

/**
 * A `lookup` for node:http(s) that resolves all addresses (with `lookup`: the system's resolver, or
 * one a test injects) and refuses the connection when any of them is private (unless allowed) or,
 * on `port`, one of our own services. The socket connects to an address checked here, so there is
 * no window between check and connect for a changed DNS answer.
 */
export function guardedLookup(policy: UrlPolicy, lookup: LookupAll = systemLookup, port?: number): net.LookupFunction {
  return (hostname, options, callback) => {
    // Answered outside the promise: an exception in the socket's callback must not come back here.
    lookup(hostname).then(
      (list) => process.nextTick(answer, null, list),
      (err: NodeJS.ErrnoException) => process.nextTick(answer, err, []),
    );
    function answer(err: NodeJS.ErrnoException | null, list: { address: string; family: number }[]) {
      if (err) return callback(err, '', 0);
      if (list.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      const own = port === undefined ? undefined : list.find((a) => reachesOwnService(a.address, port));
      if (own) return callback(new BlockedAddressError(hostname, own.address, 'one of the server\'s own services on this port'), '', 0);
      const blocked = list.find((a) => refused(a.address, policy));
      if (blocked) return callback(new BlockedAddressError(hostname, blocked.address), '', 0);
      if (options.all) return callback(null, list);
      const wanted = options.family === 4 || options.family === 6 ? list.find((a) => a.family === options.family) : list[0];
      if (!wanted) return callback(Object.assign(new Error(`${hostname} has no IPv${options.family} address`), { code: 'ENOTFOUND' }), '', 0);
      return callback(null, wanted.address, wanted.family);
    }
  };
}
