import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer map (docs/architecture.md) is lint rules: an import that crosses a layer the wrong way
// fails `npm run check`. Each case lints a few lines as if they stood in the named file.

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function ruleErrors(rule: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const boundaryErrors = (file: string, code: string) => ruleErrors('boundaries/dependencies', file, code);
const serverOnlyErrors = (file: string, code: string) => ruleErrors('layers/server-only-imports', file, code);

// The first lint loads ESLint's whole configuration: seconds alone, far more on a busy machine.
describe('the layer map', { timeout: 120_000 }, () => {
  it('forbids a component to import the database', async () => {
    const errors = await boundaryErrors(
      'components/console/layer-probe.tsx',
      "import { listDealerNames } from '@/db/repositories/dealers';\nexport const probe = listDealerNames;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('forbids a page to import a repository, and a repository to import a use case', async () => {
    expect(
      await boundaryErrors('app/(operator)/console/layer-probe/page.tsx', "import { openDatabase } from '@/db/client';\nexport const probe = openDatabase;\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('app/(operator)/console/layer-probe/page.tsx', "import { getDb } from '@/lib/database';\nexport const probe = getDb;\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('db/repositories/layer-probe.ts', "import { loadCatalogue } from '@/lib/catalogue/catalogue';\nexport const probe = loadCatalogue;\n"),
    ).toHaveLength(1);
  });

  it('allows the ways down: page → use case, use case → repository, repository → shared types', async () => {
    expect(
      await boundaryErrors('app/(operator)/console/layer-probe/page.tsx', "import { listDealers } from '@/lib/console/use-cases/dealers';\nexport const probe = listDealers;\n"),
    ).toEqual([]);
    expect(
      await boundaryErrors('lib/console/use-cases/layer-probe.ts', "import { listDealerNames } from '@/db/repositories/dealers';\nexport const probe = listDealerNames;\n"),
    ).toEqual([]);
    expect(
      await boundaryErrors('db/repositories/layer-probe.ts', "import { OFFER_STATUSES } from '@/lib/shared/model';\nexport const probe = OFFER_STATUSES;\n"),
    ).toEqual([]);
  });

  it('forbids browser code to import a use case or an HTTP adapter', async () => {
    expect(
      await boundaryErrors('lib/portal/browser/layer-probe.ts', "import { listDealers } from '@/lib/console/use-cases/dealers';\nexport const probe = listDealers;\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('lib/console/browser/layer-probe.ts', "import { withConsole } from '@/lib/console/http/route';\nexport const probe = withConsole;\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('lib/console/browser/layer-probe.ts', "import { env } from '@/lib/env';\nexport const probe = env;\n"),
    ).toHaveLength(1);
  });

  it('forbids server code (use cases, HTTP adapters, the domain) to import browser code', async () => {
    const probe = "import { consoleCall } from '@/lib/console/browser/client';\nexport const probe = consoleCall;\n";
    expect(await boundaryErrors('lib/console/use-cases/layer-probe.ts', probe)).toHaveLength(1);
    expect(await boundaryErrors('lib/console/http/layer-probe.ts', probe)).toHaveLength(1);
    expect(await boundaryErrors('lib/offers/layer-probe.ts', probe)).toHaveLength(1);
  });

  it("fires inside a module: rules import no use case or repository, the contract no use case", async () => {
    const useCase = "import { createOffer } from '@/lib/offers/use-cases/create-offer';\nexport const probe = createOffer;\n";
    const repository = "import { findOffer } from '@/db/repositories/offers';\nexport const probe = findOffer;\n";
    expect(await boundaryErrors('lib/offers/rules/layer-probe.ts', useCase)).toHaveLength(1);
    expect(await boundaryErrors('lib/offers/rules/layer-probe.ts', repository)).toHaveLength(1);
    expect(await boundaryErrors('lib/offers/rules/layer-probe.ts', "import { getDb } from '@/lib/database';\nexport const probe = getDb;\n")).toHaveLength(1);
    expect(await boundaryErrors('lib/offers/contract/layer-probe.ts', useCase)).toHaveLength(1);
    // A module's top-level use-case file (eslint.config.mjs, USE_CASE_FILES) counts as a use case.
    expect(await boundaryErrors('lib/offers/contract/layer-probe.ts', "import { loadCatalogue } from '@/lib/catalogue/catalogue';\nexport const probe = loadCatalogue;\n")).toHaveLength(1);
  });

  it('forbids the domain a use case, seed data, a repository and the connection; observability a use case', async () => {
    expect(await boundaryErrors('lib/i18n/layer-probe.ts', "import { createOffer } from '@/lib/offers/use-cases/create-offer';\nexport const probe = createOffer;\n")).toHaveLength(1);
    expect(await boundaryErrors('lib/webhooks/layer-probe.ts', "import { deliverWebhooks } from '@/lib/webhooks/deliver';\nexport const probe = deliverWebhooks;\n")).toHaveLength(1);
    expect(await boundaryErrors('lib/i18n/layer-probe.ts', "import { DEMO } from '@/db/seed';\nexport const probe = DEMO;\n")).toHaveLength(1);
    expect(await boundaryErrors('lib/i18n/layer-probe.ts', "import { findOffer } from '@/db/repositories/offers';\nexport const probe = findOffer;\n")).toHaveLength(1);
    expect(await boundaryErrors('lib/i18n/layer-probe.ts', "import { getDb } from '@/lib/database';\nexport const probe = getDb;\n")).toHaveLength(1);
    expect(await boundaryErrors('lib/ops/layer-probe.ts', "import { processOffers } from '@/lib/offers/use-cases/process-offers';\nexport const probe = processOffers;\n")).toHaveLength(1);
  });

  it('loads the demo seeder from start-up and the seed script only', async () => {
    const seeder = "import { seedDemoData } from '@/lib/demo/seed';\nexport const probe = seedDemoData;\n";
    expect(await boundaryErrors('lib/runtime/layer-probe.ts', seeder)).toEqual([]);
    expect(await boundaryErrors('scripts/layer-probe.ts', seeder)).toEqual([]);
    expect(await boundaryErrors('lib/offers/use-cases/layer-probe.ts', seeder)).toHaveLength(1);
    expect(await boundaryErrors('lib/auth/layer-probe.ts', seeder)).toHaveLength(1);
  });

  it('allows the ways down inside a module: use case → rules and contract, contract → rules, rules → row types', async () => {
    expect(
      await boundaryErrors(
        'lib/offers/use-cases/layer-probe.ts',
        "import { checkOffer } from '@/lib/offers/rules/checks';\nimport { serializeOffer } from '@/lib/offers/contract/serialize';\nexport const probe = [checkOffer, serializeOffer];\n",
      ),
    ).toEqual([]);
    expect(await boundaryErrors('lib/offers/contract/layer-probe.ts', "import { nextSteps } from '@/lib/offers/rules/lifecycle';\nexport const probe = nextSteps;\n")).toEqual([]);
    expect(
      await boundaryErrors('lib/offers/rules/layer-probe.ts', "import type { OfferRecord } from '@/db/repositories/offers';\nexport const probe = (o: OfferRecord) => o.id;\n"),
    ).toEqual([]);
  });

  it('allows browser code its own kind and the isomorphic schemas, and an HTTP adapter its use cases', async () => {
    expect(
      await boundaryErrors(
        'lib/portal/browser/layer-probe.ts',
        "import type { Offer } from '@/lib/portal/browser/api';\nimport { QUEUE_PAGE_SIZE } from '@/lib/console/schemas';\nexport const probe = (o: Offer) => [o, QUEUE_PAGE_SIZE];\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors('lib/console/http/layer-probe.ts', "import { listDealers } from '@/lib/console/use-cases/dealers';\nexport const probe = listDealers;\n"),
    ).toEqual([]);
  });

  it("forbids a client component and browser code to load a module marked import 'server-only', also through another module", async () => {
    // lib/offers/rules/checks.ts is a rule the layer map lets a component import; it is server-only.
    const direct = "'use client';\nimport { REJECTION_CODES } from '@/lib/offers/rules/checks';\nexport const probe = REJECTION_CODES;\n";
    const errors = await serverOnlyErrors('components/portal/layer-probe.tsx', direct);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('lib/offers/rules/checks.ts');
    expect(
      await serverOnlyErrors('lib/portal/browser/layer-probe.ts', "import { REJECTION_CODES } from '@/lib/offers/rules/checks';\nexport const probe = REJECTION_CODES;\n"),
    ).toHaveLength(1);
    // A component module without 'use client' in between does not make it safe.
    expect(
      await serverOnlyErrors('components/console/layer-probe.tsx', "'use client';\nimport { RejectionsChart } from '@/components/console/rejections-chart';\nexport const probe = RejectionsChart;\n"),
    ).toHaveLength(1);
  });

  it("lets a server component import a server module, and a client component a type of one or an isomorphic module", async () => {
    expect(
      await serverOnlyErrors('components/portal/layer-probe.tsx', "import { REJECTION_CODES } from '@/lib/offers/rules/checks';\nexport const probe = REJECTION_CODES;\n"),
    ).toEqual([]);
    expect(
      await serverOnlyErrors(
        'components/portal/layer-probe.tsx',
        "'use client';\nimport type { CheckResult } from '@/lib/offers/rules/checks';\nimport { OFFER_STATUSES } from '@/lib/offers/rules/lifecycle';\nexport const probe = (r: CheckResult) => [r, OFFER_STATUSES];\n",
      ),
    ).toEqual([]);
  });

  it('lets db/ import one module of lib/, the shared model: not the platform, not the domain', async () => {
    expect(await boundaryErrors('db/layer-probe.ts', "import { logger } from '@/lib/logger';\nexport const probe = logger;\n")).toHaveLength(1);
    expect(await boundaryErrors('db/layer-probe.ts', "import { env } from '@/lib/env';\nexport const probe = env;\n")).toHaveLength(1);
    expect(
      await boundaryErrors('db/seed/layer-probe.ts', "import { hashSecret } from '@/lib/auth/secret-hash';\nexport const probe = hashSecret;\n"),
    ).toHaveLength(1);
    expect(await boundaryErrors('db/layer-probe.ts', "import { SCOPES } from '@/lib/shared/model';\nexport const probe = SCOPES;\n")).toEqual([]);
  });

  it('covers the tools: lib/ never imports scripts/ or bench/; a tool runs the server\'s code', async () => {
    expect(
      await boundaryErrors('lib/ops/layer-probe.ts', "import { bodyLimit } from '../../scripts/server-net.mjs';\nexport const probe = bodyLimit;\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('db/repositories/layer-probe.ts', "import { randomSearchMix } from '@/bench/scenarios';\nexport const probe = randomSearchMix;\n"),
    ).toHaveLength(1);
    expect(await boundaryErrors('scripts/layer-probe.ts', "import { database } from '@/lib/database';\nexport const probe = database;\n")).toEqual([]);
    expect(await boundaryErrors('bench/layer-probe.ts', "import { listOffers } from '@/db/repositories/offers-list';\nexport const probe = listOffers;\n")).toEqual([]);
  });

  it('refuses a file outside the map and an import of one', async () => {
    expect(await ruleErrors('boundaries/no-unknown-dependencies', 'lib/ops/layer-probe.ts', "import config from '../../next.config.js';\nexport const probe = config;\n")).toHaveLength(1);
    expect(await ruleErrors('boundaries/no-unknown-dependencies', 'lib/ops/layer-probe.ts', "import de from '@/messages/de/common.json';\nexport const probe = de;\n")).toEqual([]);
    // db/ has four kinds of files; a fifth folder is in no layer until the map names it.
    expect(await ruleErrors('boundaries/no-unknown-files', 'db/layer-probe/probe.ts', 'export const probe = 1;\n')).toHaveLength(1);
  });
});
