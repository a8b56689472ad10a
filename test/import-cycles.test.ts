import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// No circle of imports among our own modules: every relative and `@/` import (type-only ones
// included, since they tie the files together for a reader as much as for the compiler) is an edge.
// The imports are read by the TypeScript compiler's own pre-processor, not by patterns.

const root = path.resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['app', 'components', 'lib', 'db', 'scripts', 'bench'];
const SOURCE_FILE = /\.(ts|tsx|mts|mjs)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.d.ts', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx', '/index.mjs'];

function sourceFiles(dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && SOURCE_FILE.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((file) => !file.split(path.sep).includes('node_modules'));
}

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith('./') || specifier.startsWith('../')) base = path.resolve(root, path.dirname(from), specifier);
  else return null;
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return path.relative(root, candidate);
  }
  // A `.js` specifier may name a `.ts` source.
  const stripped = base.replace(/\.(m?js)$/, '');
  for (const ext of ['.ts', '.tsx', '.mts']) {
    if (fs.existsSync(stripped + ext)) return path.relative(root, stripped + ext);
  }
  return null;
}

export function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of SOURCE_DIRS.flatMap(sourceFiles)) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const info = ts.preProcessFile(text, true, true);
    const targets = new Set<string>();
    for (const imported of info.importedFiles) {
      const target = resolveImport(file, imported.fileName);
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

// Tarjan's strongly connected components; each component with more than one file holds a circle.
export function importCycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowlink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];

  const visit = (node: string) => {
    indices.set(node, index);
    lowlink.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowlink.set(node, Math.min(lowlink.get(node)!, lowlink.get(next)!));
      } else if (onStack.has(next)) {
        lowlink.set(node, Math.min(lowlink.get(node)!, indices.get(next)!));
      }
    }
    if (lowlink.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) visit(node);
  return components.map((component) => circleThrough(graph, component));
}

// One concrete circle inside a component, named file by file (breadth-first back to the start).
function circleThrough(graph: Map<string, string[]>, component: string[]): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const circle = [node];
        while (circle[0] !== start) circle.unshift(previous.get(circle[0]!)!);
        return [...circle, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [...component, start];
}

describe('the import graph', () => {
  it('reads type-only, re-export and `@/` imports as edges', () => {
    const graph = importGraph();
    // Known edges of each kind, so a reader that silently found nothing would fail here.
    expect(graph.get(path.join('lib', 'api', 'respond.ts'))).toContain(path.join('lib', 'api', 'warnings.ts'));
    expect(graph.size).toBeGreaterThan(200);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  it('has no circle among app/, components/, lib/, db/, scripts/ and bench/', () => {
    const circles = importCycles(importGraph()).map((circle) => circle.join(' → '));
    expect(circles).toEqual([]);
  });
});
