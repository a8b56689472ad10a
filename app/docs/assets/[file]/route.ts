import { referenceAsset } from '@/lib/openapi/reference-ui';

// GET /docs/assets/{file} — the scripts and styles of the API reference, from this origin.

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const asset = await referenceAsset((await params).file);
  if (!asset) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(asset.body, {
    headers: { 'content-type': asset.type, 'cache-control': asset.cache, 'x-content-type-options': 'nosniff' },
  });
}
