import { json } from '@/lib/api/respond';
import { withRequest } from '@/lib/api/with-api';
import { keySet } from '@/lib/auth/signing-keys';

// GET /.well-known/jwks.json — the public keys that verify access tokens
export const GET = withRequest(async () => json((await keySet()).jwks, 200, { 'Cache-Control': 'public, max-age=300' }));
