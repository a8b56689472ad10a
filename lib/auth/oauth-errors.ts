import 'server-only';
// The RFC 6749 §5.2 errors POST /oauth/token answers, with their HTTP status: used by the endpoint
// (lib/auth/token-endpoint.ts), its OpenAPI operation and the error reference (/docs/errors).

export const OAUTH_ERRORS = {
  invalid_request: 400,
  invalid_client: 401,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  slow_down: 429,
} as const;

export type OAuthError = keyof typeof OAUTH_ERRORS;
