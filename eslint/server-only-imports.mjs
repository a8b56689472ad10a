import fs from 'node:fs';
import path from 'node:path';

// The lint side of `import 'server-only'` (docs/architecture.md): code that runs in the browser — a
// file that starts with 'use client', or any file under lib/*/browser/ — must not import, directly or
// through other modules of ours, a module marked `import 'server-only'`. `next build` refuses the
// same import; this rule names it in `npm run check`, before a build.

const ROOT = path.resolve(import.meta.dirname, '..');
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
const BROWSER_FOLDER = /^lib\/[^/]+\/browser\//;
const SERVER_ONLY = /^\s*import\s+['"]server-only['"]/m;
// Imports and re-exports that stay in the compiled code (not `import type`, not all-type specifiers).
const IMPORT = /(?:^|\n)\s*(import|export)\s+([^'";]*?)\s*(?:from\s*)?['"]([^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The file an import names, if it is one of ours (the `@/` alias or a relative path). */
function resolveImport(fromFile, spec) {
  let base;
  if (spec.startsWith('@/')) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(fromFile), spec);
  else return null;
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function isTypeOnly(keyword, clause) {
  const c = clause.trim();
  if (c === 'type' || c.startsWith('type ')) return true;
  if (keyword === 'export' && !c.includes('{') && !c.includes('*')) return true; // `export const …` etc.
  if (c.startsWith('{') && c.endsWith('}')) {
    const items = c.slice(1, -1).split(',').map((s) => s.trim()).filter(Boolean);
    return items.length > 0 && items.every((s) => s.startsWith('type '));
  }
  return false;
}

const parsed = new Map(); // file → { mtime, serverOnly, deps }

function moduleInfo(file) {
  const mtime = fs.statSync(file).mtimeMs;
  const known = parsed.get(file);
  if (known && known.mtime === mtime) return known;
  const text = fs.readFileSync(file, 'utf8');
  const specs = [];
  for (const m of text.matchAll(IMPORT)) if (!isTypeOnly(m[1], m[2])) specs.push(m[3]);
  for (const m of text.matchAll(DYNAMIC)) specs.push(m[1]);
  const info = { mtime, serverOnly: SERVER_ONLY.test(text), deps: specs.map((s) => resolveImport(file, s)).filter(Boolean) };
  parsed.set(file, info);
  return info;
}

/** The chain of files from `file` to the first server-only module it loads, or null. */
function serverChain(file, seen = new Set()) {
  if (seen.has(file)) return null;
  seen.add(file);
  const info = moduleInfo(file);
  if (info.serverOnly) return [file];
  for (const dep of info.deps) {
    const chain = serverChain(dep, seen);
    if (chain) return [file, ...chain];
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: "Browser code (a 'use client' file, lib/*/browser/) must not load a server-only module." },
    schema: [],
    messages: { serverOnly: "Browser code must not import a server module: {{chain}} is marked import 'server-only'." },
  },
  create(context) {
    const filename = context.filename;
    const relative = path.relative(ROOT, filename).split(path.sep).join('/');
    const body = context.sourceCode.ast.body;
    const useClient = body.some((s) => s.type === 'ExpressionStatement' && s.directive === 'use client');
    if (!useClient && !BROWSER_FOLDER.test(relative)) return {};

    function check(node, source, typeOnly) {
      if (typeOnly || !source || typeof source.value !== 'string') return;
      const target = resolveImport(filename, source.value);
      if (!target) return;
      const chain = serverChain(target);
      if (chain) context.report({ node, messageId: 'serverOnly', data: { chain: chain.map((f) => path.relative(ROOT, f)).join(' → ') } });
    }
    return {
      ImportDeclaration(node) {
        const allTypes = node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type');
        check(node, node.source, node.importKind === 'type' || allTypes);
      },
      ExportNamedDeclaration(node) {
        check(node, node.source, node.exportKind === 'type');
      },
      ExportAllDeclaration(node) {
        check(node, node.source, node.exportKind === 'type');
      },
      ImportExpression(node) {
        check(node, node.source, false);
      },
    };
  },
};

const plugin = { rules: { 'server-only-imports': rule } };

export default plugin;
