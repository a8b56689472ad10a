import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { referenceDemoClient } from '@/lib/demo/demo-client';
import { openApiDocument } from './document';

// The interactive API reference at /docs: Swagger UI from the pinned npm package swagger-ui-dist,
// served from this origin (app/docs/assets/[file]/route.ts), so the page works behind an egress
// filter and under the strict nonce policy of every page. A reader authorizes with the oauth2
// client-credentials flow against /oauth/token and tries every call; the sandbox demo client is
// prefilled, its secret only where the demo data is seeded.

const PACKAGE_DIR = path.join(process.cwd(), 'node_modules', 'swagger-ui-dist');

/** The files of the package the page loads, with their content types (its styles are bundled by app/docs/page.tsx). */
const PACKAGE_FILES: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/** The script that starts the reference (same origin, loaded with the page's nonce). */
export const STARTER_FILE = 'reference.js';

export function referenceConfig() {
  const demo = referenceDemoClient();
  return {
    // The document itself (the one /v1/openapi.json answers) rides in the starter: one request less
    // before the operations show.
    spec: openApiDocument().document,
    securityScheme: 'oauth2',
    clientId: demo.clientId,
    clientSecret: demo.secret ?? '',
    scopes: demo.scopes,
  };
}

type ReferenceConfig = ReturnType<typeof referenceConfig>;

/** Runs in the browser: mounts Swagger UI beside the page's React tree. */
function start(config: ReferenceConfig) {
  const w = window as unknown as { SwaggerUIBundle: (o: object) => { initOAuth: (o: object) => void } };
  const mount = document.createElement('div');
  mount.id = 'reference';
  document.body.appendChild(mount);
  const ui = w.SwaggerUIBundle({
    spec: config.spec,
    domNode: mount,
    deepLinking: true,
    persistAuthorization: true,
    tryItOutEnabled: true,
    displayRequestDuration: true,
    filter: true,
    // No call to the public validator service: nothing leaves this origin.
    validatorUrl: null,
  });
  ui.initOAuth({ clientId: config.clientId, clientSecret: config.clientSecret, scopes: config.scopes });
}

export function starterScript(): string {
  return `(${start.toString()})(${JSON.stringify(referenceConfig())});\n`;
}

/** A file of the reference: the package's bundle and styles, or the starter. */
export async function referenceAsset(file: string): Promise<{ body: string; type: string; cache: string } | null> {
  if (file === STARTER_FILE) return { body: starterScript(), type: 'text/javascript; charset=utf-8', cache: 'no-store' };
  // Only the package's own listed files: a name such as `__proto__` is not one of them.
  const type = Object.hasOwn(PACKAGE_FILES, file) ? PACKAGE_FILES[file] : undefined;
  if (!type) return null;
  return { body: await readFile(path.join(PACKAGE_DIR, file), 'utf8'), type, cache: 'public, max-age=3600' };
}
