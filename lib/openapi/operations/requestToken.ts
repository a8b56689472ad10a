import 'server-only';
import { z } from 'zod';
import { OAUTH_ERRORS, type OAuthError } from '@/lib/auth/oauth-errors';
import { SCOPES } from '@/lib/auth/scopes';
import type { ZodOpenApiOperationObject } from 'zod-openapi';
import { retryAfterHeader } from './shared';

// POST /oauth/token, the client credentials grant of RFC 6749 §4.4 (lib/auth/token-endpoint.ts).
// Not a /v1 operation: its body is a form and its errors are RFC 6749 §5.2's `{error,
// error_description}`, not the error envelope, so it is described here directly rather than in the
// table of /v1 operations.

export const tokenRequestSchema = z
  .object({
    grant_type: z.literal('client_credentials').meta({ description: 'Always `client_credentials`.' }),
    client_id: z.string().optional().meta({ description: 'The client id, when the client does not authenticate with HTTP Basic.', example: 'demo-sandbox' }),
    client_secret: z
      .string()
      .optional()
      .meta({ description: 'The client secret, with `client_id` (not together with HTTP Basic).', example: 'your-client-secret' }),
    scope: z
      .string()
      .optional()
      .meta({
        description: `Space-separated scopes to ask for (${SCOPES.map((s) => `\`${s}\``).join(', ')}); left out: every scope of the client.`,
        example: 'offers:read offers:write',
      }),
  })
  .meta({ id: 'TokenRequest', description: 'The form of a token request (application/x-www-form-urlencoded).' });

export const tokenResponseSchema = z
  .strictObject({
    access_token: z.string().meta({ description: 'The access token (a signed JWT); send it as `Authorization: Bearer <token>`.' }),
    token_type: z.literal('Bearer'),
    expires_in: z.int().min(1).meta({ description: 'Seconds until the token expires; reuse it until then.', example: 3600 }),
    scope: z.string().meta({ description: 'The scopes granted, space-separated.', example: 'offers:read offers:write catalogue:read' }),
  })
  .meta({ id: 'TokenResponse', description: 'An access token (RFC 6749 §5.1).' });

export const oauthErrorSchema = z
  .strictObject({
    error: z.enum(Object.keys(OAUTH_ERRORS) as [OAuthError, ...OAuthError[]]).meta({ description: 'The RFC 6749 §5.2 error code.' }),
    error_description: z.string().meta({ description: 'What was wrong, in English.' }),
  })
  .meta({ id: 'OAuthError', description: 'An error of the token endpoint (RFC 6749 §5.2); see /docs/errors#oauth.' });

const noStore = {
  'Cache-Control': z.literal('no-store').meta({ description: 'Tokens are never cached.' }),
  Pragma: z.literal('no-cache'),
};

const MEANING: Record<OAuthError, string> = {
  invalid_request: 'the body is not a form, a field is missing or repeated, HTTP Basic and form credentials are mixed, or the Authorization header is malformed',
  invalid_client: 'the client id or secret is wrong, or the client is disabled',
  unsupported_grant_type: '`grant_type` is not `client_credentials`',
  invalid_scope: '`scope` names a scope the client does not have',
  slow_down: 'too many token requests, or too many failed authentications, from this address; wait `Retry-After` seconds',
};

function errorResponse(status: number, summary: string, headers: Record<string, z.ZodType> = {}) {
  const codes = (Object.keys(OAUTH_ERRORS) as OAuthError[]).filter((code) => OAUTH_ERRORS[code] === status);
  return {
    description: `${summary}. Errors:\n${codes.map((code) => `- \`${code}\`: ${MEANING[code]}.`).join('\n')}`,
    headers: z.object({ ...noStore, ...headers }),
    content: {
      'application/json': {
        schema: oauthErrorSchema,
        examples: Object.fromEntries(codes.map((code) => [code, { summary: code, value: { error: code, error_description: MEANING[code] } }])),
      },
    },
  };
}

export const requestToken: ZodOpenApiOperationObject = {
  operationId: 'requestToken',
  summary: 'Get an access token',
  description:
    'The OAuth 2.0 client credentials grant (RFC 6749 §4.4). Authenticate the client with HTTP Basic (`client_id:client_secret`) or with the form fields `client_id` and `client_secret` — one of the two, not both. Sandbox and production clients have their own credentials; the token works in the client’s environment only. Reuse a token until `expires_in` runs out.',
  tags: ['Authentication'],
  security: [{ clientBasic: [] }, {}],
  requestBody: {
    required: true,
    content: {
      'application/x-www-form-urlencoded': {
        schema: tokenRequestSchema,
        examples: {
          formFields: {
            summary: 'Client credentials as form fields',
            value: { grant_type: 'client_credentials', client_id: 'your-client-id', client_secret: 'your-client-secret', scope: 'offers:read offers:write' },
          },
        },
      },
    },
  },
  responses: {
    '200': {
      description: 'The access token.',
      headers: z.object(noStore),
      content: {
        'application/json': {
          schema: tokenResponseSchema,
          examples: {
            token: {
              summary: 'A sandbox token',
              value: { access_token: 'eyJhbGciOiJFUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiJkZW1vLXNhbmRib3gifQ.c2lnbmF0dXJl', token_type: 'Bearer', expires_in: 3600, scope: 'offers:read offers:write' },
            },
          },
        },
      },
    },
    '400': errorResponse(400, 'Bad request'),
    '401': errorResponse(401, 'Client authentication failed', {
      'WWW-Authenticate': z.string().meta({ description: 'The Basic challenge.', example: 'Basic realm="spoke", charset="UTF-8"' }),
    }),
    '429': errorResponse(429, 'Too many requests', { 'Retry-After': retryAfterHeader }),
  },
};
