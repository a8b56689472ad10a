import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { STARTER_FILE } from '@/lib/openapi/reference-ui';
import 'swagger-ui-dist/swagger-ui.css';

// /docs — the interactive API reference (lib/openapi/reference-ui.ts). Its scripts come from this
// origin and carry this response's nonce; Swagger UI mounts beside the page's own markup.

export const metadata: Metadata = { title: 'API reference' };

export default async function ApiReferencePage() {
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <>
      <noscript>The interactive reference needs JavaScript. The document itself is at /v1/openapi.json.</noscript>
      <script nonce={nonce} src="/docs/assets/swagger-ui-bundle.js" defer />
      <script nonce={nonce} src={`/docs/assets/${STARTER_FILE}`} defer />
    </>
  );
}
