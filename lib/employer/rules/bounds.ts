// An employer's rules and the operator's bounds on them (docs/employer.md, "Rules and bounds").
// HR's lowest total may not lie below the floor; its highest total and its number of bicycles at
// once may not lie above their ceilings, nor be left unset while a ceiling is set (unset means no
// limit). The lowest total may not pass the highest. What applies to an order is the narrower of
// the rule and the bound, so a bound the operator tightens later takes effect at once.

export type TotalsAndCount = { minTotalPriceGross: number | null; maxTotalPriceGross: number | null; maxBicyclesAtOnce: number | null };
export type Bounds = { totalPriceFloorGross: number | null; totalPriceCeilingGross: number | null; bicyclesAtOnceCeiling: number | null };

export type BoundViolation =
  | { field: 'minTotalPriceGross'; code: 'belowFloor'; bound: number }
  | { field: 'minTotalPriceGross'; code: 'aboveMax'; bound: number }
  | { field: 'maxTotalPriceGross' | 'maxBicyclesAtOnce'; code: 'aboveCeiling' | 'unsetWithCeiling'; bound: number };

/** What is wrong with `rules` under `bounds` (empty: within them). */
export function boundViolations(rules: TotalsAndCount, bounds: Bounds): BoundViolation[] {
  const out: BoundViolation[] = [];
  const floor = bounds.totalPriceFloorGross;
  if (rules.minTotalPriceGross !== null && floor !== null && rules.minTotalPriceGross < floor) out.push({ field: 'minTotalPriceGross', code: 'belowFloor', bound: floor });
  if (rules.minTotalPriceGross !== null && rules.maxTotalPriceGross !== null && rules.minTotalPriceGross > rules.maxTotalPriceGross) {
    out.push({ field: 'minTotalPriceGross', code: 'aboveMax', bound: rules.maxTotalPriceGross });
  }
  const ceilings = [
    ['maxTotalPriceGross', rules.maxTotalPriceGross, bounds.totalPriceCeilingGross],
    ['maxBicyclesAtOnce', rules.maxBicyclesAtOnce, bounds.bicyclesAtOnceCeiling],
  ] as const;
  for (const [field, value, ceiling] of ceilings) {
    if (ceiling === null) continue;
    if (value === null) out.push({ field, code: 'unsetWithCeiling', bound: ceiling });
    else if (value > ceiling) out.push({ field, code: 'aboveCeiling', bound: ceiling });
  }
  return out;
}

const narrower = (a: number | null, b: number | null, pick: (x: number, y: number) => number) => (a === null ? b : b === null ? a : pick(a, b));

/** The limits an order meets: the employer's rules narrowed by the operator's bounds (null = none). */
export function effectiveLimits(rules: TotalsAndCount, bounds: Bounds): TotalsAndCount {
  return {
    minTotalPriceGross: narrower(rules.minTotalPriceGross, bounds.totalPriceFloorGross, Math.max),
    maxTotalPriceGross: narrower(rules.maxTotalPriceGross, bounds.totalPriceCeilingGross, Math.min),
    maxBicyclesAtOnce: narrower(rules.maxBicyclesAtOnce, bounds.bicyclesAtOnceCeiling, Math.min),
  };
}
