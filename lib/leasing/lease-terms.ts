import type { LeaseTerms } from '@/lib/shared/model';

// The lease terms of one offer under one employer's terms (docs/contract.md, "Lease
// terms"). Pure and exact: every amount is computed in integer cents (bigint), percentages in
// thousandths of a percent, so no binary fraction ever reaches a rounding step.
//
//   monthlyRateGross       = total gross × leasing factor %            (cent, half up)
//   insuranceMonthly       = total gross × insurance %                 (cent, half up)
//   employerSubsidyMonthly = the employer's subsidy, at most the rate
//   employeeMonthlyGross   = rate + insurance − subsidy
//   benefitBasis           = bicycle's list price (else price) + each accessory's list price (else price)
//   taxableBenefitMonthly  = 1 % of (a quarter of the basis, rounded down to full 100 €)

/** A decimal as the database (string) or JSON (number) carries it; null: none. */
export type Decimal = string | number | null | undefined;

/** An employer's terms as kept with the employer. */
export type EmployerLeaseTerms = {
  leaseTermMonths: number;
  /** Percent of the offer's total gross per month, e.g. "3.150". */
  leasingFactorPercent: Decimal;
  /** Insurance and service, percent of the offer's total gross per month. */
  insurancePercent: Decimal;
  /** Fixed euros per month. */
  employerSubsidyMonthly: Decimal;
};

/** What of an offer the terms depend on. */
export type LeaseOffer = {
  totalPriceGross: Decimal;
  productPriceGross: Decimal;
  productListPriceGross: Decimal;
  accessories: readonly { priceGross: Decimal; listPriceGross: Decimal }[];
};

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * `value` × 10^scale as an integer, exactly for strings; a number is read by its shortest decimal
 * form (what JSON and the database wrote). Digits beyond `scale` are rounded half up.
 */
export function scaled(value: Decimal, scale: number): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new RangeError(`Not a decimal: ${text}`);
  const [, sign, whole, fraction = ''] = m;
  const digits = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  const roundUp = fraction.length > scale && Number(fraction[scale]) >= 5 ? 1n : 0n;
  const magnitude = digits + roundUp;
  return sign === '-' ? -magnitude : magnitude;
}

function numberText(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`Not a finite number: ${n}`);
  // Money and percentages are far inside the range where toString is positional; toFixed covers the rest.
  const text = String(n);
  return /e/i.test(text) ? n.toFixed(10) : text;
}

/** a / b rounded to the nearest integer, halves away from minus infinity (b > 0). */
function divHalfUp(a: bigint, b: bigint): bigint {
  const n = 2n * a + b;
  const d = 2n * b;
  const q = n / d;
  return n % d !== 0n && n < 0n ? q - 1n : q;
}

/** a / b rounded down (b > 0). */
function divFloor(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

const euros = (cents: bigint) => Number(cents) / 100;

/** Thousandths of a percent per 1: cents × percent(×1000) / 100 000 = cents. */
const PERCENT_SCALE = 3;
const PERCENT_DIVISOR = 100n * 10n ** BigInt(PERCENT_SCALE);
/** Cents in a full 100 €, times the quarter: the basis is divided by 4 × 10 000 cents. */
const QUARTER_HUNDREDS = 4n * 10_000n;

/** The basis of the taxable benefit in cents: each position's list price, else its price. */
export function benefitBasisCents(offer: Pick<LeaseOffer, 'productPriceGross' | 'productListPriceGross' | 'accessories'>): bigint {
  const position = (price: Decimal, list: Decimal) => scaled(list ?? price, 2);
  return offer.accessories.reduce((sum, a) => sum + position(a.priceGross, a.listPriceGross), position(offer.productPriceGross, offer.productListPriceGross));
}

/** The offer's lease terms under the employer's terms. */
export function leaseTerms(offer: LeaseOffer, terms: EmployerLeaseTerms): LeaseTerms {
  const total = scaled(offer.totalPriceGross, 2);
  const rate = divHalfUp(total * scaled(terms.leasingFactorPercent, PERCENT_SCALE), PERCENT_DIVISOR);
  const insurance = divHalfUp(total * scaled(terms.insurancePercent, PERCENT_SCALE), PERCENT_DIVISOR);
  const agreed = scaled(terms.employerSubsidyMonthly, 2);
  const subsidy = agreed < 0n ? 0n : agreed > rate ? (rate < 0n ? 0n : rate) : agreed;
  const basis = benefitBasisCents(offer);
  // A quarter of the basis rounded down to full 100 € (in cents: hundreds × 10 000), 1 % of it.
  const benefit = (divFloor(basis, QUARTER_HUNDREDS) * 10_000n) / 100n;
  return {
    termMonths: terms.leaseTermMonths,
    leasingFactorPercent: Number(scaled(terms.leasingFactorPercent, PERCENT_SCALE)) / 1000,
    monthlyRateGross: euros(rate),
    insuranceMonthly: euros(insurance),
    employerSubsidyMonthly: euros(subsidy),
    insurancePercent: Number(scaled(terms.insurancePercent, PERCENT_SCALE)) / 1000,
    employerSubsidyAgreedMonthly: euros(agreed < 0n ? 0n : agreed),
    employeeMonthlyGross: euros(rate + insurance - subsidy),
    taxableBenefitMonthly: euros(benefit),
    benefitBasis: euros(basis),
  };
}

/** An employer's terms as numbers (forms, the history's old and new, read-only pages). */
export type EmployerTermsValues = { leaseTermMonths: number; leasingFactorPercent: number; insurancePercent: number; employerSubsidyMonthly: number };

export const termsValues = (row: EmployerLeaseTerms): EmployerTermsValues => ({
  leaseTermMonths: row.leaseTermMonths,
  leasingFactorPercent: Number(scaled(row.leasingFactorPercent, PERCENT_SCALE)) / 1000,
  insurancePercent: Number(scaled(row.insurancePercent, PERCENT_SCALE)) / 1000,
  employerSubsidyMonthly: euros(scaled(row.employerSubsidyMonthly, 2)),
});
