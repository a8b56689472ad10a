import { expect, test } from '@playwright/test';
import { keepPicture, storageStateOf } from './helpers';
import { assertPage, WIDTHS } from './page-checks';

// The employer face's requests over the lived-in demo (lib/demo/lived-in.ts) at 390 and 1366 px in
// German and English: its questions before every decision, its search, sorting and selection. It
// decides nothing, so it runs beside the other specs (the `walk` project, playwright.config.ts).

const EMPLOYER_WORDS = {
  de: { approve: /^Zustimmen: /, approveTitle: /^Der Anfrage von .+ zustimmen\?$/, bulk: /^Ausgewählten zustimmen \(2\)/, bulkTitle: '2 Anfragen zustimmen?', keep: 'Abbrechen', search: 'Suchen', none: 'Keine wartende Anfrage passt', sort: 'Sortieren', newest: 'Neueste zuerst', request: /^Anfrage SPK-\d+$/, back: 'Zurück zu den Anfragen', decisions: [/^Zustimmen/, /^Ablehnen/], decisionFilter: 'Entscheidung', show: 'Anzeigen', bulkDecisions: [/^Ausgewählten zustimmen/, /^Ausgewählte ablehnen/] },
  en: { approve: /^Approve: /, approveTitle: /^Approve the request of .+\?$/, bulk: /^Approve selected \(2\)/, bulkTitle: 'Approve 2 requests?', keep: 'Cancel', search: 'Search', none: 'No waiting request matches', sort: 'Sort', newest: 'Newest first', request: /^Request SPK-\d+$/, back: 'Back to the requests', decisions: [/^Approve/, /^Decline/], decisionFilter: 'Decision', show: 'Show', bulkDecisions: [/^Approve selected/, /^Decline selected/] },
} as const;

// The employer face's requests: a table (cards below 768 px) with search, sorting and a selection;
// every decision, on one request or the selection, asks first — cancelled here, nothing is decided.
for (const size of WIDTHS) {
  for (const lang of ['de', 'en'] as const) {
    test(`lived-in employer-requests-${size.name}-${lang}`, async ({ browser }) => {
      const w = EMPLOYER_WORDS[lang];
      const host = new URL(test.info().project.use.baseURL!).hostname;
      const context = await browser.newContext({ storageState: storageStateOf('employer'), viewport: { width: size.width, height: size.height } });
      await context.addCookies([{ name: 'spoke-lang', value: lang, domain: host, path: '/' }]);
      const page = await context.newPage();
      try {
        await page.goto('/employer');
        await expect(page).not.toHaveURL(/sign-in/);
        await assertPage(page, `employer-requests-${size.name}-${lang}`, lang);
        const rows = page.getByTestId('employer-request');
        const count = await rows.count();
        expect(count, 'the lived-in demo has requests waiting for Acme').toBeGreaterThan(0);
        if (size.width >= 768) await expect(page.getByRole('columnheader').first()).toBeVisible();

        // One request: the approve button opens a question, and cancelling leaves it waiting.
        const first = rows.first();
        const approve = first.getByRole('button', { name: w.approve });
        if ((await approve.count()) > 0) {
          await approve.click();
          const ask = page.getByRole('alertdialog', { name: w.approveTitle });
          await expect(ask).toBeVisible();
          await keepPicture(page, `employer-approve-${size.name}-${lang}`);
          await ask.getByRole('button', { name: w.keep }).click();
          await expect(ask).toBeHidden();
          await expect(rows).toHaveCount(count);
        }

        // The selection: two rows, the decision on both asks first.
        const approvable = rows.filter({ has: page.getByRole('button', { name: w.approve }) });
        // Approve stands first, then decline: in a row, and in the selection's bar.
        await expect(approvable.first().getByRole('button')).toHaveText(w.decisions);
        await expect(page.getByTestId('bulk-bar').getByRole('button')).toHaveText(w.bulkDecisions);
        expect(await approvable.count(), 'two requests that meet the rules').toBeGreaterThanOrEqual(2);
        await approvable.nth(0).getByRole('checkbox').check();
        await approvable.nth(1).getByRole('checkbox').check();
        await page.getByRole('button', { name: w.bulk }).click();
        const bulk = page.getByRole('alertdialog', { name: w.bulkTitle });
        await expect(bulk).toBeVisible();
        const box = await bulk.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= size.width, 'the question fits the screen').toBe(true);
        await bulk.getByRole('button', { name: w.keep }).click();
        await expect(rows).toHaveCount(count);

        // Sorting and search.
        await page.getByLabel(w.sort).selectOption({ label: w.newest });
        await expect(rows).toHaveCount(count);
        await page.getByLabel(w.search).fill('zzz-nobody-zzz');
        await expect(page.getByTestId('no-match')).toContainText(w.none);
        await page.getByLabel(w.search).fill('');
        await expect(rows).toHaveCount(count);

        // The page per request (the HR mail's link), opened from the list: its decision asks first too.
        const href = await rows.first().getByRole('link').first().getAttribute('href');
        expect(href).toMatch(/^\/employer\/requests\/[0-9a-f-]{36}$/);
        await page.goto(href!);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.request);
        await expect(page.getByRole('link', { name: w.back })).toHaveAttribute('href', '/employer');
        await assertPage(page, `employer-request-${size.name}-${lang}`, lang);
        const decide = page.getByRole('button', { name: w.approve });
        if ((await decide.count()) > 0) {
          await expect(page.getByTestId('employer-request').getByRole('button')).toHaveText(w.decisions);
          await decide.click();
          const ask = page.getByRole('alertdialog', { name: w.approveTitle });
          await expect(ask).toBeVisible();
          await ask.getByRole('button', { name: w.keep }).click();
          await expect(ask).toBeHidden();
        }

        // The decided requests.
        await page.goto('/employer/history');
        await assertPage(page, `employer-history-${size.name}-${lang}`, lang);
        // At volume: a table, paged, narrowed by the decision (and by words).
        await expect(page.getByTestId('history-table')).toBeVisible();
        expect(await page.getByTestId('history-row').count()).toBeLessThanOrEqual(25);
        await page.getByLabel(w.decisionFilter, { exact: true }).selectOption('declined');
        await page.getByRole('button', { name: w.show, exact: true }).click();
        await expect(page).toHaveURL(/decision=declined/);
        await expect(page.getByTestId('history-row').first()).toHaveAttribute('data-decision', 'declined');
        await expect(page.locator('[data-testid="history-row"]:not([data-decision="declined"])')).toHaveCount(0);
        await assertPage(page, `employer-history-declined-${size.name}-${lang}`, lang);
      } finally {
        await context.close();
      }
    });
  }
}
