import 'server-only';
import net from 'node:net';
import os from 'node:os';
import ipaddr from 'ipaddr.js';
import { env } from '@/lib/env';

// Webhooks never reach the server's own services (docs/webhooks.md, "Delivery URLs"): no endpoint
// — sandbox loopback receivers included, and whatever WEBHOOK_ALLOW_PRIVATE says — may point at
// this machine on the server's own port, PostgreSQL's or Redis's, nor at the database's or Redis's
// own host and port. Checked on the URL's text, on the addresses its host resolves to at
// registration, and again on the very addresses a delivery or test connects to.

export type OwnServices = {
  /** Ports that this machine's addresses must not be reached on. */
  ports: ReadonlySet<number>;
  /** `host:port` pairs (host lower-cased, without brackets) reached by no endpoint on any machine. */
  hosts: ReadonlySet<string>;
};

function hostPortOf(raw: string | undefined, defaultPort: number): { host: string; port: number } | undefined {
  if (!raw) return { host: 'localhost', port: defaultPort };
  try {
    const url = new URL(raw);
    return { host: url.hostname.replace(/^\[|\]$/g, '').toLowerCase() || 'localhost', port: url.port ? Number(url.port) : defaultPort };
  } catch {
    return undefined;
  }
}

/** This deployment's services: the server's port (PORT), PostgreSQL's (DATABASE_URL, 5432) and Redis's (REDIS_URL, 6379). */
export function ownServices(): OwnServices {
  const db = hostPortOf(env.databaseUrl, 5432);
  const redis = hostPortOf(env.redisUrl, 6379);
  const ports = new Set([env.port, 5432, 6379, db?.port ?? 5432, redis?.port ?? 6379]);
  return { ports, hosts: new Set([db, redis].filter((s) => s !== undefined).map((s) => `${s.host}:${s.port}`)) };
}

/** The port a URL connects to (its own, else the scheme's). */
export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** Whether `host` (a name or an address, brackets allowed) is this machine's loopback. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (net.isIP(bare) === 0) return bare === 'localhost' || bare.endsWith('.localhost');
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  return bare === '::1' || /^::ffff:127\./.test(bare);
}

/** Whether `address` (a name or an address) is this machine: loopback, the unspecified address, or one of its interfaces. */
export function isThisMachine(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '').toLowerCase();
  if (isLoopbackHost(bare)) return true;
  if (!ipaddr.isValid(bare)) return false;
  // An IPv4-mapped IPv6 address is its IPv4 address.
  const parsed = ipaddr.process(bare);
  if (['loopback', 'unspecified'].includes(parsed.range())) return true;
  const plain = parsed.toString();
  return Object.values(os.networkInterfaces()).some((list) => list?.some((i) => ipaddr.isValid(i.address) && ipaddr.process(i.address).toString() === plain));
}

/** Whether connecting to `address` on `port` would reach one of `services`. */
export function reachesOwnService(address: string, port: number, services: OwnServices = ownServices()): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (services.hosts.has(`${bare}:${port}`)) return true;
  return services.ports.has(port) && isThisMachine(bare);
}
