import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import compile from 'icu-minify/compile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogue, catalogueTranslator, mailTranslator } from '@/lib/i18n/catalogue';
import { apiCatalogue, format, LANGS } from '@/lib/i18n/messages';
import { argumentsOf } from '@/lib/i18n/words';
import { translator } from '@/lib/portal/i18n';

// One catalogue for every text (issue 48): messages/<lang>/<namespace>.json, the same keys in every
// language, every message valid ICU; a key the catalogue lacks fails a test; no text in code.

const ROOT = path.resolve(__dirname, '..');
const MESSAGES = path.join(ROOT, 'messages');

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
const read = (lang: string, file: string) => JSON.parse(readFileSync(path.join(MESSAGES, lang, file), 'utf8')) as Tree;

describe('the one catalogue', () => {
  const files = readdirSync(path.join(MESSAGES, 'de')).sort();

  it('has the same namespaces in every language, each loaded by the catalogue or the API texts', () => {
    expect(readdirSync(path.join(MESSAGES, 'en')).sort()).toEqual(files);
    const loaded = [...Object.keys(catalogue.de), ...Object.keys(apiCatalogue.de)].map((ns) => `${ns}.json`);
    expect([...new Set(loaded)].sort()).toEqual(files);
  });

  it('has the same keys in German and English, and every message compiles with the same values', () => {
    for (const file of files) {
      const de = new Map(leaves(read('de', file)));
      const en = new Map(leaves(read('en', file)));
      expect([...en.keys()].sort(), file).toEqual([...de.keys()].sort());
      for (const [key, text] of de) {
        const args = (source: string) => argumentsOf(compile(source)).sort();
        expect(args(en.get(key)!), `${file} ${key}`).toEqual(args(text));
      }
    }
  });

  it('fills every API text completely when given its values', () => {
    // The reference groups (cause and fix) print literal braces (`PUT /v1/offers/{id}`).
    for (const [name, group] of Object.entries(apiCatalogue.de.api)) {
      if (typeof group === 'string' || name.endsWith('Reference')) continue;
      for (const [key] of leaves(group as Tree)) {
        const text = { de: '', en: '' };
        for (const lang of LANGS) text[lang] = key.split('.').reduce<unknown>((node, part) => (node as Tree)[part], group) as string;
        const params = Object.fromEntries(argumentsOf(compile(text.de)).map((name) => [name, 7]));
        const filled = format({ de: text.de, en: text.de }, params);
        expect(filled.de, key).not.toMatch(/\{\w+[},]/);
      }
    }
  });
});

describe('a key the catalogue lacks', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('fails loudly in development and tests, in every kind of translator', () => {
    expect(() => translator('de')('noSuchKey' as never)).toThrow(/Missing text: portal.noSuchKey/);
    expect(() => mailTranslator('en')('noSuchKey' as never)).toThrow(/Missing text/);
    expect(() => catalogueTranslator('en')('docs.noSuchKey' as never)).toThrow(/Missing text: docs.noSuchKey/);
  });

  it('shows the key rather than breaking the page in production', () => {
    vi.stubEnv('NODE_ENV', 'production');
    expect(translator('de')('noSuchKey' as never)).toBe('noSuchKey');
    expect(catalogueTranslator('en')('docs.noSuchKey' as never)).toBe('docs.noSuchKey');
  });
});

describe('texts in code', () => {
  const sources = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(rel);
      return /\.(ts|tsx|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [rel] : [];
    });

  it('holds no inline German/English texts: every text is in messages/<lang>/*.json', () => {
    const inline = /\bde: ?['"`]|\ben: ?['"`]|=== '(de|en)' \? ['"`][^'"`]*[a-zäöüß]{3}[^'"`]* ['"`]/;
    const found = ['lib', 'components', 'app', 'scripts']
      .flatMap(sources)
      .flatMap((file) => readFileSync(path.join(ROOT, file), 'utf8').split('\n').map((line, i) => [`${file}:${i + 1}`, line] as const))
      .filter(([, line]) => inline.test(line) && !line.trim().startsWith('//'))
      .map(([where, line]) => `${where}: ${line.trim()}`);
    expect(found).toEqual([]);
  });
});
