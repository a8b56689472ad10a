import 'server-only';
import cluster from 'node:cluster';
import Redis from 'ioredis';
import { RateLimiterCluster, RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { env } from './env';
import { logger } from './logger';

// Where the counters live (docs/decisions.md, "Rate limits across processes"):
// - REDIS_URL set: in Redis, so every app node and every worker shares them; if Redis is
//   unreachable each process falls back to its own in-memory counters and keeps serving.
// - A worker of `npm start` without Redis (node:cluster, scripts/start.mjs): in the primary process,
//   asked over IPC, so a limit is exact across the workers of the node; the only worker of a node
//   (WEB_CONCURRENCY=1) keeps them itself.
// - Otherwise (one process: `next start`, tests): in this process's memory.

let redis: Redis | undefined;
function redisClient(): Redis | undefined {
  if (!env.redisUrl) return undefined;
  if (!redis) {
    redis = new Redis(env.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 1000 });
    let down = false;
    redis.on('error', (err) => {
      if (!down) logger.warn({ err: err.message }, 'rate limiter: Redis unreachable, using in-memory counters');
      down = true;
    });
    redis.on('ready', () => {
      if (down) logger.info('rate limiter: Redis reachable again');
      down = false;
    });
  }
  return redis;
}

/** Resolves when the shared counters can be used (at once without Redis; false if Redis stays away). */
export async function rateLimitStoreReady(timeoutMs = 2000): Promise<boolean> {
  const client = redisClient();
  if (!client) return true;
  if (client.status === 'ready') return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export type LimiterOptions = { keyPrefix: string; points: number; duration: number; blockDuration?: number };

/** How long a worker waits for the primary's answer before it lets the request through. */
const CLUSTER_TIMEOUT_MS = 1000;

/**
 * Whether this process is one of several workers of scripts/start.mjs (which names their number,
 * SPOKE_WORKERS): they share counters held by the primary, asked over IPC on every request. The
 * only worker counts in its own memory — as exact, and without a message to the primary and back
 * per request (docs/performance.md, "Where the floor goes").
 */
function sharedWithOtherWorkers(): boolean {
  return cluster.isWorker && Number(process.env.SPOKE_WORKERS ?? 2) !== 1;
}

export function createLimiter(options: LimiterOptions): RateLimiterAbstract {
  const memory = new RateLimiterMemory(options);
  const client = redisClient();
  if (!client) return sharedWithOtherWorkers() ? new RateLimiterCluster({ ...options, timeoutMs: CLUSTER_TIMEOUT_MS }) : memory;
  return new RateLimiterRedis({ ...options, storeClient: client, insuranceLimiter: memory });
}

export type LimitResult = { allowed: boolean; limit: number; remaining: number; resetSeconds: number };

function toResult(limit: number, res: RateLimiterRes, allowed: boolean): LimitResult {
  return {
    allowed,
    limit,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  };
}

/** Consumes one point; never throws for a limiter outage (the insurance limiter covers it). */
export async function consume(limiter: RateLimiterAbstract, key: string, points = 1): Promise<LimitResult> {
  try {
    return toResult(limiter.points, await limiter.consume(key, points), true);
  } catch (res) {
    if (res instanceof RateLimiterRes) return toResult(limiter.points, res, false);
    logger.error({ err: res }, 'rate limiter failed; request allowed');
    return { allowed: true, limit: limiter.points, remaining: limiter.points, resetSeconds: 60 };
  }
}

/** Looks without consuming: is `key` currently over its limit? */
export async function isBlocked(limiter: RateLimiterAbstract, key: string): Promise<LimitResult | null> {
  try {
    const res = await limiter.get(key);
    if (res && res.consumedPoints >= limiter.points) return toResult(limiter.points, res, false);
  } catch (err) {
    logger.error({ err }, 'rate limiter look-up failed');
  }
  return null;
}

export function rateLimitHeaders(result: LimitResult): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(result.limit),
    'RateLimit-Remaining': String(result.remaining),
    'RateLimit-Reset': String(result.resetSeconds),
  };
  if (!result.allowed) headers['Retry-After'] = String(result.resetSeconds);
  return headers;
}

export const apiLimiter = createLimiter({ keyPrefix: 'rl:api', points: env.rateLimitPerMinute, duration: 60 });

/** Calls that fail authentication, per address. */
export const unauthenticatedLimiter = createLimiter({ keyPrefix: 'rl:unauth', points: env.rateLimitPerMinute, duration: 60 });
