import { createHash, randomInt } from 'node:crypto';

// The employee's pickup code: 8 characters of an alphabet without look-alikes (no 0/O, no 1/I/L),
// shown in two groups of four ("ABCD-EFGH"), typed in any case with spaces and hyphens anywhere.
// Only its SHA-256 is stored (a sandbox order keeps the code itself beside it).

/** The characters a code is made of: digits 2–9 and capitals without I, L and O. */
export const PICKUP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PICKUP_CODE_LENGTH = 8;
/** Wrong tries after which a code is locked until a new one is issued. */
export const PICKUP_CODE_MAX_ATTEMPTS = 5;
/** How long a code works after it was issued. */
export const PICKUP_CODE_VALID_DAYS = 90;

/** The code as typed, without spaces and hyphens, in capitals; null when it cannot be a code. */
export function normalizePickupCode(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 64) return null;
  const code = input.replace(/[\s-]+/g, '').toUpperCase();
  if (code.length !== PICKUP_CODE_LENGTH) return null;
  for (const c of code) if (!PICKUP_CODE_ALPHABET.includes(c)) return null;
  return code;
}

/**
 * A sandbox code's test mark: its first four characters (letters of the alphabet, so the code is
 * typed like any other). A production code never starts with it.
 */
export const SANDBOX_PICKUP_CODE_MARK = 'TEST';

/** The stored form of a (normalised) code. */
export const pickupCodeHash = (code: string) => createHash('sha256').update(code).digest('hex');

/** A code as people read it: two groups of four. */
export const formatPickupCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** The code's state for a try: locked after the fifth wrong try, expired after its validity. */
export function pickupCodeState(order: { pickupCodeFailedAttempts: number; pickupCodeExpiresAt: Date | null }, now: Date): 'open' | 'locked' | 'expired' {
  if (order.pickupCodeFailedAttempts >= PICKUP_CODE_MAX_ATTEMPTS) return 'locked';
  if (!order.pickupCodeExpiresAt || order.pickupCodeExpiresAt.getTime() <= now.getTime()) return 'expired';
  return 'open';
}

/** A new code, crypto-random: a sandbox code is its test mark and four random characters. */
export function newPickupCode(sandbox: boolean): string {
  const random = (n: number) => Array.from({ length: n }, () => PICKUP_CODE_ALPHABET[randomInt(PICKUP_CODE_ALPHABET.length)]).join('');
  if (sandbox) return `${SANDBOX_PICKUP_CODE_MARK}${random(PICKUP_CODE_LENGTH - SANDBOX_PICKUP_CODE_MARK.length)}`;
  for (;;) {
    const code = random(PICKUP_CODE_LENGTH);
    if (!code.startsWith(SANDBOX_PICKUP_CODE_MARK)) return code;
  }
}
