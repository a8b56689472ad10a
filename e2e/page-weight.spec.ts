import { expect, test } from '@playwright/test';
import { pageWeight } from '../bench/page-weight';

// The JavaScript budgets of the dealer portal (issue acceptance): what a browser loads for the
// page — the root main files plus every chunk the page and its layouts name in the build's client
// reference manifest — gzip-compressed, measured on the build the e2e run has just made
// (scripts/e2e.mjs builds before the suite). Code loaded on demand (the filter sheet with its
// calendar, the phone navigation) is not part of a page's first load.

const DIST = process.env.NEXT_DIST_DIR || '.next';
const KB = 1024;

const BUDGETS = [
  { name: 'offer list', route: '/(portal)/portal/(app)/page', kB: 200 },
  { name: 'offer builder', route: '/(portal)/portal/(app)/offers/new/page', kB: 250 },
  { name: 'offer edit', route: '/(portal)/portal/(app)/offers/[id]/edit/page', kB: 250 },
] as const;

for (const b of BUDGETS) {
  test(`the ${b.name} loads at most ${b.kB} kB of JavaScript (gzip)`, () => {
    const w = pageWeight(DIST, b.route);
    const kB = w.gzipBytes / KB;
    test.info().annotations.push({ type: 'weight', description: `${b.route}: ${w.files} files, ${kB.toFixed(1)} kB gzip` });
    console.log(`${b.name}: ${w.files} files, ${(w.rawBytes / KB).toFixed(0)} kB raw, ${kB.toFixed(1)} kB gzip (budget ${b.kB} kB)`);
    expect(w.files).toBeGreaterThan(3);
    expect(kB, `${b.name}: ${kB.toFixed(1)} kB gzip`).toBeLessThanOrEqual(b.kB);
  });
}
