import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leaseTerms, type EmployerLeaseTerms, type LeaseOffer } from '@/lib/leasing/lease-terms';

// The lease terms from docs/contract.md ("Lease terms"), with every amount worked out by hand.

const terms = (leasingFactorPercent: string, insurancePercent: string, employerSubsidyMonthly: string, leaseTermMonths = 36): EmployerLeaseTerms => ({
  leaseTermMonths,
  leasingFactorPercent,
  insurancePercent,
  employerSubsidyMonthly,
});

const offer = (total: string, product: [string | null, string | null], accessories: [string | null, string | null][] = []): LeaseOffer => ({
  totalPriceGross: total,
  productPriceGross: product[0],
  productListPriceGross: product[1],
  accessories: accessories.map(([priceGross, listPriceGross]) => ({ priceGross, listPriceGross })),
});

describe('leaseTerms: a table worked out by hand', () => {
  it.each([
    {
      name: 'list prices where given, the price otherwise; a subsidy below the rate',
      // total 3000 + 79.90 + 120 = 3199.90; rate 3199.90 × 3.15 % = 100.79685; insurance × 0.4 % = 12.7996
      // basis 3499 + 89.90 + 120 = 3708.90; a quarter 927.225 → 900 € → 9.00 a month
      offer: offer('3199.90', ['3000.00', '3499.00'], [['79.90', '89.90'], ['120.00', null]]),
      terms: terms('3.150', '0.400', '30.00'),
      out: { termMonths: 36, leasingFactorPercent: 3.15, monthlyRateGross: 100.8, insuranceMonthly: 12.8, employerSubsidyMonthly: 30, employeeMonthlyGross: 83.6, taxableBenefitMonthly: 9, benefitBasis: 3708.9 },
    },
    {
      name: 'no list prices; shipping is in the total but not in the basis; no subsidy',
      // total 2400 + 49.90 shipping = 2449.90; rate × 2.9 % = 71.0471; insurance × 0.35 % = 8.57465
      // basis 2400; a quarter 600 → 600 € → 6.00
      offer: offer('2449.90', ['2400.00', null]),
      terms: terms('2.900', '0.350', '0', 48),
      out: { termMonths: 48, leasingFactorPercent: 2.9, monthlyRateGross: 71.05, insuranceMonthly: 8.57, employerSubsidyMonthly: 0, employeeMonthlyGross: 79.62, taxableBenefitMonthly: 6, benefitBasis: 2400 },
    },
    {
      name: 'a basis just under a full hundred (quarter 999.99 → 900)',
      // total 3500; rate × 3 % = 105; insurance × 0.5 % = 17.50; basis: list 3999.96
      offer: offer('3500.00', ['3500.00', '3999.96']),
      terms: terms('3', '0.5', '0'),
      out: { termMonths: 36, leasingFactorPercent: 3, monthlyRateGross: 105, insuranceMonthly: 17.5, employerSubsidyMonthly: 0, employeeMonthlyGross: 122.5, taxableBenefitMonthly: 9, benefitBasis: 3999.96 },
    },
    {
      name: 'a basis on a full hundred (quarter 1000.00 → 1000)',
      offer: offer('3500.00', ['3500.00', '4000.00']),
      terms: terms('3', '0.5', '0'),
      out: { termMonths: 36, leasingFactorPercent: 3, monthlyRateGross: 105, insuranceMonthly: 17.5, employerSubsidyMonthly: 0, employeeMonthlyGross: 122.5, taxableBenefitMonthly: 10, benefitBasis: 4000 },
    },
    {
      name: 'a basis just over a full hundred, from an accessory’s list price (quarter 1000.01 → 1000)',
      // basis 3900 + 100.04 = 4000.04
      offer: offer('3980.00', ['3900.00', null], [['80.00', '100.04']]),
      terms: terms('3', '0.5', '0'),
      // rate 3980 × 3 % = 119.40; insurance × 0.5 % = 19.90
      out: { termMonths: 36, leasingFactorPercent: 3, monthlyRateGross: 119.4, insuranceMonthly: 19.9, employerSubsidyMonthly: 0, employeeMonthlyGross: 139.3, taxableBenefitMonthly: 10, benefitBasis: 4000.04 },
    },
    {
      name: 'a subsidy larger than the rate is capped at the rate',
      // rate 1000 × 3 % = 30; insurance 5; subsidy 50 → 30; the employee pays the insurance only
      offer: offer('1000.00', ['1000.00', null]),
      terms: terms('3.000', '0.500', '50.00'),
      out: { termMonths: 36, leasingFactorPercent: 3, monthlyRateGross: 30, insuranceMonthly: 5, employerSubsidyMonthly: 30, employeeMonthlyGross: 5, taxableBenefitMonthly: 2, benefitBasis: 1000 },
    },
    {
      name: 'halves round up, where binary floating point would round down',
      // 2083.50 × 3 % = 62.505 → 62.51 (2083.5 * 0.03 in doubles is 62.504999…); × 0.3 % = 6.2505 → 6.25
      // basis 2083.50: a quarter 520.875 → 500 € → 5.00
      offer: offer('2083.50', ['2083.50', null]),
      terms: terms('3.000', '0.300', '12.34'),
      out: { termMonths: 36, leasingFactorPercent: 3, monthlyRateGross: 62.51, insuranceMonthly: 6.25, employerSubsidyMonthly: 12.34, employeeMonthlyGross: 56.42, taxableBenefitMonthly: 5, benefitBasis: 2083.5 },
    },
    {
      name: 'amounts as JSON numbers; an accessory without any price adds nothing',
      // total 1000.50 × 2.8 % = 28.014 → 28.01; × 0.45 % = 4.50225 → 4.50; basis 1100 + 0 → a quarter 275 → 200 € → 2.00
      offer: { totalPriceGross: 1000.5, productPriceGross: 1000.5, productListPriceGross: 1100, accessories: [{ priceGross: null, listPriceGross: null }] },
      terms: { leaseTermMonths: 24, leasingFactorPercent: 2.8, insurancePercent: 0.45, employerSubsidyMonthly: 10 },
      out: { termMonths: 24, leasingFactorPercent: 2.8, monthlyRateGross: 28.01, insuranceMonthly: 4.5, employerSubsidyMonthly: 10, employeeMonthlyGross: 22.51, taxableBenefitMonthly: 2, benefitBasis: 1100 },
    },
  ])('$name', ({ offer: o, terms: t, out }) => {
    // With the employer's terms behind them: its insurance percentage and its subsidy as agreed.
    expect(leaseTerms(o, t)).toEqual({ ...out, insurancePercent: Number(t.insurancePercent), employerSubsidyAgreedMonthly: Math.max(0, Number(t.employerSubsidyMonthly)) });
  });
});

const cents = (n: number) => Math.round(n * 100);
const euros = (c: number) => (c / 100).toFixed(2);

const arbitraryCase = fc.record({
  product: fc.tuple(fc.integer({ min: 0, max: 2_000_000 }), fc.option(fc.integer({ min: 0, max: 2_000_000 }))),
  accessories: fc.array(fc.tuple(fc.option(fc.integer({ min: 0, max: 300_000 })), fc.option(fc.integer({ min: 0, max: 300_000 }))), { maxLength: 8 }),
  extra: fc.integer({ min: 0, max: 100_000 }),
  factor: fc.integer({ min: 1, max: 10_000 }),
  insurance: fc.integer({ min: 0, max: 2_000 }),
  subsidy: fc.integer({ min: 0, max: 50_000 }),
  months: fc.integer({ min: 12, max: 60 }),
});

type Case = typeof arbitraryCase extends fc.Arbitrary<infer T> ? T : never;

function build(c: Case) {
  const total = c.product[0] + c.accessories.reduce((s, [p]) => s + (p ?? 0), 0) + c.extra;
  const o: LeaseOffer = {
    totalPriceGross: euros(total),
    productPriceGross: euros(c.product[0]),
    productListPriceGross: c.product[1] === null ? null : euros(c.product[1]),
    accessories: c.accessories.map(([p, l]) => ({ priceGross: p === null ? null : euros(p), listPriceGross: l === null ? null : euros(l) })),
  };
  const basis = (c.product[1] ?? c.product[0]) + c.accessories.reduce((s, [p, l]) => s + (l ?? p ?? 0), 0);
  const t: EmployerLeaseTerms = { leaseTermMonths: c.months, leasingFactorPercent: (c.factor / 1000).toFixed(3), insurancePercent: (c.insurance / 1000).toFixed(3), employerSubsidyMonthly: euros(c.subsidy) };
  return { o, t, basis };
}

describe('leaseTerms: properties', () => {
  it('employeeMonthlyGross = monthlyRateGross + insuranceMonthly − employerSubsidyMonthly, to the cent', () => {
    fc.assert(
      fc.property(arbitraryCase, (c) => {
        const { o, t } = build(c);
        const r = leaseTerms(o, t);
        expect(cents(r.employeeMonthlyGross)).toBe(cents(r.monthlyRateGross) + cents(r.insuranceMonthly) - cents(r.employerSubsidyMonthly));
        // Every amount is whole cents, the subsidy never passes the rate nor the agreed amount.
        for (const v of [r.monthlyRateGross, r.insuranceMonthly, r.employerSubsidyMonthly, r.employeeMonthlyGross, r.taxableBenefitMonthly]) expect(Math.abs(v * 100 - cents(v))).toBeLessThan(1e-6);
        expect(r.employerSubsidyMonthly).toBeLessThanOrEqual(r.monthlyRateGross);
        expect(cents(r.employerSubsidyMonthly)).toBeLessThanOrEqual(c.subsidy);
      }),
      { numRuns: 500 },
    );
  });

  it('the benefit never exceeds 1 % of a quarter of the basis, and is 1 % of it rounded down to full 100 €', () => {
    fc.assert(
      fc.property(arbitraryCase, (c) => {
        const { o, t, basis } = build(c);
        const r = leaseTerms(o, t);
        const benefit = cents(r.taxableBenefitMonthly);
        expect(cents(r.benefitBasis)).toBe(basis);
        // benefit ≤ basis / 4 / 100  ⇔  400 × benefit ≤ basis (in cents)
        expect(400 * benefit).toBeLessThanOrEqual(basis);
        // full euros (1 % of full hundreds), less than a hundred below the quarter
        expect(benefit % 100).toBe(0);
        expect(400 * benefit).toBeGreaterThan(basis - 40_000);
      }),
      { numRuns: 500 },
    );
  });

  it('the rate and insurance are the total’s percentages rounded half up to the cent', () => {
    fc.assert(
      fc.property(arbitraryCase, (c) => {
        const { o, t } = build(c);
        const r = leaseTerms(o, t);
        const total = BigInt(cents(Number(o.totalPriceGross)));
        // |rate × 100 000 − total × factor(‰ of a percent)| ≤ half a cent, ties going up
        const exact = total * BigInt(c.factor);
        const rate = BigInt(cents(r.monthlyRateGross)) * 100_000n;
        expect(rate - exact <= 50_000n && exact - rate < 50_000n).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
