import { expect, type Page } from '@playwright/test';
import { check, keepPicture } from './helpers';

// What a walk checks on every page it opens (e2e/walk.spec.ts, e2e/walk-employer.spec.ts): each
// check reported on its own, so a page's later checks run after an earlier one failed.

export type Lang = 'de' | 'en';

export const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const RAW: [string, RegExp][] = [
  // Statuses (order_journey_started, …) and cancel reasons (customer_wants_different_bicycle, …).
  ['snake-case code', /\b[a-z]+(?:_[a-z]+){2,}\b/],
  ['check code', /\b[A-Z]{2,}(?:_[A-Z]+)+\b/],
  ['ISO timestamp', /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/],
  ['placeholder', /\{[a-zA-Z]+\}/],
  ['message key', /\b(portal|console|common)\.[a-z]+[A-Z]\w*/],
];

/** Elements whose content is cut off: wider than their box with overflow hidden, and no ellipsis saying so. */
function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of [document.documentElement, document.body, ...Array.from(document.querySelectorAll('body *'))]) {
      const style = getComputedStyle(el);
      if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
      if (style.textOverflow === 'ellipsis' || style.position === 'absolute' || style.position === 'fixed') continue;
      const box = el.getBoundingClientRect();
      // Visually hidden text (1 px boxes) and what is not shown.
      if (box.width <= 2 || box.height <= 2 || style.visibility === 'hidden') continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        const cls = typeof el.className === 'string' ? el.className.slice(0, 80) : '';
        found.push(`<${el.tagName.toLowerCase()} class="${cls}"> ${el.scrollWidth} > ${el.clientWidth}: ${(el.textContent ?? '').trim().slice(0, 80)}`);
      }
    }
    return found;
  });
}

/** Search fields whose hint (placeholder) does not fit: measured with the hint as the value, then put back. */
function placeholdersCut(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLInputElement>('input[type="search"][placeholder]'))
      .filter((input) => input.offsetParent !== null && input.value === '')
      .flatMap((input) => {
        input.value = input.placeholder;
        const cut = input.scrollWidth > input.clientWidth;
        input.value = '';
        return cut ? [input.placeholder] : [];
      }),
  );
}

/** E-mail addresses that wrap inside a word: a line may only begin at their "@", at a "." or after a "-". */
function emailsBroken(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const email = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const nodes = Array.from(el.childNodes).filter((n): n is Text => n.nodeType === Node.TEXT_NODE);
      // Only text with an address in it is measured character by character.
      if (!nodes.some((n) => n.data.includes('@'))) continue;
      const chars: { c: string; top: number }[] = [];
      for (const node of nodes) {
        for (let i = 0; i < node.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          chars.push({ c: node.data[i]!, top: rect ? rect.top : -1 });
        }
      }
      const text = chars.map((x) => x.c).join('');
      for (const m of text.matchAll(email)) {
        for (let i = m.index + 1; i < m.index + m[0].length; i++) {
          const [a, b] = [chars[i - 1]!, chars[i]!];
          if (a.top >= 0 && b.top > a.top + 2 && b.c !== '@' && b.c !== '.' && a.c !== '-') found.push(`${m[0]} (before "${text.slice(i, i + 6)}")`);
        }
      }
    }
    return found;
  });
}

/**
 * Every check of a page once it has loaded: its language (`<html lang>`, the tab's title in it),
 * every table column headed in words, nothing wider than the screen, the main navigation in one
 * line at desktop width, no raw code, ISO timestamp or placeholder in the text, no text cut off,
 * no search hint cut off, no e-mail address broken inside a word; then its picture
 * (`keepPicture`). With `axe`, axe-core too (no serious or critical violation; e2e/helpers.ts
 * `check`), which keeps the picture.
 */
export async function assertPage(page: Page, name: string, lang: Lang, options: { axe?: boolean } = {}) {
  await page.waitForLoadState('networkidle');
  await expect.soft(page.locator('html'), `${name}: <html lang>`).toHaveAttribute('lang', lang);
  // The tab's title in the page's language (the site's English default only outside the faces).
  expect.soft(await page.title(), `${name}: title`).not.toMatch(/leasing offers for company bikes/);
  const blankHeads = await page
    .locator('th')
    .evaluateAll((cells) => cells.filter((th) => !th.querySelector('input') && !(th.textContent ?? '').trim()).map((th) => th.outerHTML.slice(0, 80)));
  expect.soft(blankHeads, `${name}: table headings without words`).toEqual([]);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect.soft(scrollWidth, `${name}: page wider than the screen`).toBeLessThanOrEqual(innerWidth);
  // From 768 px the main navigation is a row of its own; at desktop width every link of it in one line.
  const tops = await page.locator('header nav a:visible').evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
  if (innerWidth >= 1280) expect.soft(new Set(tops).size, `${name}: the navigation in one line (${tops})`).toBeLessThanOrEqual(1);
  const text = await page.locator('body').innerText();
  for (const [what, re] of RAW) expect.soft(text.match(re)?.[0], `${name}: raw ${what} in the text`).toBeUndefined();
  expect.soft(await cutOff(page), `${name}: text cut off`).toEqual([]);
  expect.soft(await placeholdersCut(page), `${name}: a search field's hint cut off`).toEqual([]);
  expect.soft(await emailsBroken(page), `${name}: an e-mail address broken inside a word`).toEqual([]);
  if (options.axe) await check(page, name);
  else await keepPicture(page, name);
}
