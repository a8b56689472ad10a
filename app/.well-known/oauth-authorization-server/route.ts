import { json } from '@/lib/api/respond';
import { withRequest } from '@/lib/api/with-api';
import { SCOPES } from '@/lib/auth/scopes';
import { env } from '@/lib/env';

// GET /.well-known/oauth-authorization-server — RFC 8414 authorization server metadata
export const GET = withRequest(async () =>
  json(
    {
      issuer: env.tokenIssuer,
      token_endpoint: `${env.publicUrl}/oauth/token`,
      jwks_uri: `${env.publicUrl}/.well-known/jwks.json`,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      scopes_supported: SCOPES,
      response_types_supported: [],
      service_documentation: `${env.publicUrl}/docs`,
    },
    200,
    { 'Cache-Control': 'public, max-age=3600' },
  ),
);
