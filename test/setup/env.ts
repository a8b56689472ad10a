// Test configuration, set before any module reads the environment.
(process.env as Record<string, string>).NODE_ENV = 'test';
process.env.LOG_LEVEL ??= 'silent';
process.env.PROCESSOR_INTERVAL_MS = '0';
process.env.SEED_DEMO = 'false';
process.env.PUBLIC_URL = 'http://spoke.test';
process.env.RATE_LIMIT_PER_MINUTE ??= '100000';
delete process.env.REDIS_URL;
