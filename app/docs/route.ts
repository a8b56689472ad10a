import { ApiReference } from '@scalar/nextjs-api-reference';
import { DEMO_CLIENTS } from '@/db/seed';
import { env } from '@/lib/env';

// GET /docs — the interactive API reference (Scalar), rendered from /v1/openapi.json. A reader
// authorizes with the oauth2 client-credentials flow against /oauth/token and tries every call.
// The sandbox demo client is prefilled; its secret only where the demo data is seeded.

export const dynamic = 'force-dynamic';

const demo = DEMO_CLIENTS.find((c) => c.clientId === 'demo-sandbox')!;

export const GET = ApiReference({
  url: '/v1/openapi.json',
  pageTitle: 'Spoke API reference',
  persistAuth: true,
  authentication: {
    preferredSecurityScheme: 'oauth2',
    securitySchemes: {
      oauth2: {
        flows: {
          clientCredentials: {
            'x-scalar-client-id': demo.clientId,
            ...(env.seedDemo ? { clientSecret: demo.secret } : {}),
            selectedScopes: [...demo.scopes],
          },
        },
      },
    },
  },
});
