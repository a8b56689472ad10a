import { route, withRequest } from '@/lib/api/with-api';
import { handleTokenRequest } from '@/lib/auth/token-endpoint';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /oauth/token — issue an access token (client credentials grant)
  POST: withRequest(async ({ req }) => handleTokenRequest(req)),
});
