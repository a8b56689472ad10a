import { beforeAll, describe, expect, it } from 'vitest';
import { LANGS, placeholdersOf, statusEntryTexts, validationTextChain, validationTexts, type ValidationKey } from '@/lib/i18n/messages';
import { openApiDocument } from '@/lib/openapi/document';
import { OPERATIONS } from '@/lib/openapi/operations';
import { api, call } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';

// No text of any answer carries an unfilled template: every parameter of every operation (path,
// query, header, and every field of the body at any depth) is sent with wrong values, and every
// message and translation of every answer is read (`translations` holds both languages, so one
// request per case reads de and en).

type Json = Record<string, any>;
const doc = openApiDocument().document as Json;

// (No wrong value holds a brace itself: an answer may quote what it was sent.)
const WRONG_STRINGS = ['abc', '', '0', '-1', '1.5', '100000', '99999999999999999999', 'x'.repeat(3000), '!,', '2026-13-45'];
const WRONG_VALUES: unknown[] = ['abc', '', -1, 1.234, 1e12, true, null, [], {}, 'x'.repeat(5000)];

function texts(body: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key?: string) => {
    if (typeof v === 'string' && (key === 'message' || key === 'de' || key === 'en')) out.push(v);
    else if (Array.isArray(v)) v.forEach((x) => walk(x));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(body);
  return out;
}

/** Every path to a leaf (and to every object and array) of a JSON value, root excluded. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...prefix, i], ...pathsOf(v, [...prefix, i])]);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
  }
  return [];
}

function setAt(value: unknown, path: (string | number)[], replacement: unknown, remove = false): unknown {
  const copy = structuredClone(value) as Json;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  const last = path[path.length - 1]!;
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = replacement;
  return copy;
}

function parametersOf(path: string, method: string): Json[] {
  const op = doc.paths[path][method] as Json;
  return ((op.parameters ?? []) as Json[]).map((p) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p));
}

let dealer: TestDealer;
let ids: Record<string, string>;
const seen: { request: string; text: string }[] = [];
let answers = 0;

async function send(label: string, method: string, path: string, options: Parameters<typeof call>[2]) {
  const res = await call(method.toUpperCase(), path, { token: dealer.token, ...options });
  answers++;
  expect(res.status, `${label} → ${res.text}`).toBeLessThan(500);
  for (const text of texts(res.body)) if (/[{}]/.test(text)) seen.push({ request: label, text });
}

beforeAll(async () => {
  dealer = await newDealer();
  const offer = await createOffer(dealer.token);
  const hook = await api.post('/v1/webhooks', { token: dealer.token, body: { url: 'https://93.184.215.14/hook', events: ['offer.created'] } });
  ids = { offer: offer.id, webhook: hook.body?.data?.id ?? offer.id };
});

describe('texts of every answer', () => {
  it('no validation text, with or without its values, can be filled to leave a placeholder', () => {
    for (const key of Object.keys(validationTexts) as ValidationKey[]) {
      const chain = validationTextChain(key);
      expect(placeholdersOf(chain[chain.length - 1]!)).toEqual(['field']);
    }
    for (const text of Object.values(statusEntryTexts)) for (const lang of LANGS) expect(text[lang]).not.toMatch(/\{\W/);
  });

  it('walks every parameter of every operation with wrong values: no message in de or en holds { or }', async () => {
    for (const op of OPERATIONS) {
      const realPath = op.path.replace('{id}', op.path.startsWith('/v1/webhooks') ? ids.webhook! : ids.offer!).replace('{deliveryId}', ids.offer!);
      const params = parametersOf(op.path, op.method);
      for (const p of params) {
        for (const wrong of WRONG_STRINGS) {
          const label = `${op.operationId} ${p.in} ${p.name}=${wrong.slice(0, 20)}`;
          {
            const headers: Record<string, string> = {};
            let path = realPath;
            const query: Record<string, string> = {};
            if (p.in === 'path') path = op.path.replace(`{${p.name}}`, encodeURIComponent(wrong) || '%20').replace(/\{\w+\}/g, ids.offer!);
            else if (p.in === 'query') query[p.name] = wrong;
            else if (p.in === 'header' && !/^(authorization|accept-language)$/i.test(p.name)) headers[p.name] = wrong.slice(0, 200);
            const body = op.body ? Object.values(op.body.examples)[0]?.value : undefined;
            await send(label, op.method, path, { query, headers, body });
          }
        }
      }
      if (!op.body) continue;
      const base = Object.values(op.body.examples)[0]!.value;
      for (const path of pathsOf(base)) {
        const variants = [...WRONG_VALUES.map((v) => setAt(base, path, v)), setAt(base, path, undefined, true)];
        for (const body of variants) {
          // Unique external ids: a conflict is not what this test is after.
          if (body && typeof body === 'object' && 'externalOfferId' in body && typeof (body as Json).externalOfferId === 'string' && (body as Json).externalOfferId.startsWith('ERP')) {
            (body as Json).externalOfferId = `ERP-${Math.random().toString(36).slice(2)}`;
          }
          await send(`${op.operationId} body ${path.join('.')}`, op.method, realPath, { body });
        }
      }
      for (const raw of ['', '{', '[]', '"x"', 'null']) {
        await send(`${op.operationId} raw ${raw}`, op.method, realPath, { raw, headers: { 'content-type': 'application/json' } });
      }
      await send(`${op.operationId} text/plain`, op.method, realPath, { raw: '{}', headers: { 'content-type': 'text/plain' } });
    }
    expect(answers).toBeGreaterThan(500);
    expect(seen).toEqual([]);
  }, 300_000);

  it('names both bounds of a whole-number parameter, whatever is wrong with it', async () => {
    for (const perPage of ['100000', 'abc', '0', '1.5']) {
      const res = await api.get('/v1/offers', { token: dealer.token, query: { perPage } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].translations).toEqual({
        de: 'perPage muss eine ganze Zahl von 1 bis 100 sein.',
        en: 'perPage must be a whole number from 1 to 100.',
      });
    }
    const page = await api.get('/v1/offers', { token: dealer.token, query: { page: '0' } });
    expect(page.body.errors[0].message).toBe('page must be a whole number from 1 to 1000000.');
  });
});
