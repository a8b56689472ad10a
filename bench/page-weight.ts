import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';

// The JavaScript a browser loads for one App Router page of a build, gzip-compressed: the root
// main files (framework, runtime) plus every chunk the page and its layouts name in the build's
// client reference manifest. Polyfills (nomodule, old browsers only) are left out.
//   npx tsx bench/page-weight.ts [.next-bench] ['/(portal)/portal/(app)/page']

export type PageWeight = { route: string; files: number; rawBytes: number; gzipBytes: number };

export const DEALER_LIST_PAGE = '/(portal)/portal/(app)/page';

export function pageWeight(distDir: string, route = DEALER_LIST_PAGE): PageWeight {
  const build = JSON.parse(fs.readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] };
  const manifestFile = path.join(distDir, 'server', 'app', `${route}_client-reference-manifest.js`);
  const sandbox: { globalThis?: unknown; __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }> } = {};
  sandbox.globalThis = sandbox;
  vm.runInNewContext(fs.readFileSync(manifestFile, 'utf8'), sandbox);
  const entry = sandbox.__RSC_MANIFEST?.[route];
  if (!entry) throw new Error(`no client reference manifest for ${route} in ${distDir}`);
  const files = new Set(build.rootMainFiles);
  for (const list of Object.values(entry.entryJSFiles)) for (const f of list) files.add(f);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const f of files) {
    const content = fs.readFileSync(path.join(distDir, f));
    rawBytes += content.length;
    gzipBytes += zlib.gzipSync(content, { level: 9 }).length;
  }
  return { route, files: files.size, rawBytes, gzipBytes };
}

if (require.main === module) {
  const w = pageWeight(process.argv[2] ?? '.next-bench', process.argv[3] ?? DEALER_LIST_PAGE);
  console.log(`${w.route}: ${w.files} files, ${(w.rawBytes / 1024).toFixed(0)} kB raw, ${(w.gzipBytes / 1024).toFixed(1)} kB gzip`);
}
