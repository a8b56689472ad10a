import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '@/lib/logger';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';

// The demo's intended processing failures are logged as what they are: one info line each, no
// stack, no error level — while a real processing failure still logs its error.

const failing = () => {
  throw new Error('a processing failure (for the demo)');
};

afterEach(() => vi.restoreAllMocks());

describe('processing failures in the log', () => {
  it('intended ones: info, one line, no stack; unintended ones: warn, then error with the error', async () => {
    const dealer = await newDealer();
    const [a, b] = [await createOffer(dealer.token), await createOffer(dealer.token)];
    const info = vi.spyOn(logger, 'info');
    const warn = vi.spyOn(logger, 'warn');
    const error = vi.spyOn(logger, 'error');
    for (let i = 0; i < 3; i++) await processOffers({ ids: [a.id], check: failing, intendedFailures: true });
    const about = (spy: typeof info) => spy.mock.calls.filter(([fields]) => (fields as { offerId?: string })?.offerId === a.id);
    expect(about(warn)).toEqual([]);
    expect(about(error)).toEqual([]);
    const lines = about(info);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const [fields, message] of lines) {
      expect(fields).not.toHaveProperty('err');
      expect(fields).toMatchObject({ reason: 'a processing failure (for the demo)' });
      expect(String(message)).toMatch(/\(intended\)$/);
      expect(JSON.stringify(fields)).not.toMatch(/\n\s+at /);
    }
    expect(lines.at(-1)![1]).toMatch(/failed for good/);

    for (let i = 0; i < 3; i++) await processOffers({ ids: [b.id], check: failing });
    const real = error.mock.calls.filter(([fields]) => (fields as { offerId?: string })?.offerId === b.id);
    expect(real).toHaveLength(1);
    expect(real[0]![0]).toHaveProperty('err');
  });
});
