import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { env } from '@/lib/env';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { COLLECTION_DIR, HTTP_FILE, httpFile, POSTMAN_FILE, postmanCollection } from './api-collections';
import { generateApiTypes, lintDocument, ROOT, TYPES_FILE } from './openapi-tools';

// The OpenAPI document from the command line:
//   tsx scripts/openapi.ts generate      regenerate lib/api-client/schema.d.ts and the Postman collection and
//                                        .http file in docs/api/ (commit the result)
//   tsx scripts/openapi.ts lint          lint the document with Redocly CLI (redocly.yaml); fails on any problem
//   tsx scripts/openapi.ts write <file>  write the document of PUBLIC_URL to a file

async function main(command: string | undefined, arg: string | undefined): Promise<number> {
  switch (command) {
    case 'generate': {
      mkdirSync(path.dirname(TYPES_FILE), { recursive: true });
      writeFileSync(TYPES_FILE, await generateApiTypes());
      console.log(`Wrote ${path.relative(ROOT, TYPES_FILE)}`);
      mkdirSync(COLLECTION_DIR, { recursive: true });
      writeFileSync(POSTMAN_FILE, `${JSON.stringify(postmanCollection(), null, 2)}\n`);
      writeFileSync(HTTP_FILE, httpFile());
      console.log(`Wrote ${path.relative(ROOT, POSTMAN_FILE)} and ${path.relative(ROOT, HTTP_FILE)}`);
      return 0;
    }
    case 'lint': {
      const result = lintDocument(buildOpenApiDocument(env.publicUrl));
      process.stdout.write(result.output);
      if (!result.ok) console.error('The OpenAPI document has lint problems.');
      return result.ok ? 0 : 1;
    }
    case 'write': {
      if (!arg) break;
      writeFileSync(arg, `${JSON.stringify(buildOpenApiDocument(env.publicUrl), null, 2)}\n`);
      console.log(`Wrote ${arg}`);
      return 0;
    }
  }
  console.error('Usage: tsx scripts/openapi.ts generate | lint | write <file>');
  return 2;
}

main(process.argv[2], process.argv[3]).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
