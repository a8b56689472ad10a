import { clientAddress } from '@/lib/api/client-address';
import { route } from '@/lib/api/with-api';
import { accountBody, ok, withAccount } from '@/lib/auth/account-route';
import { resetRequestSchema } from '@/lib/auth/account-schemas';
import { requestPasswordReset } from '@/lib/auth/accounts';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/account/password-reset — "Passwort vergessen": the same answer whether or not the e-mail exists
  POST: withAccount({ signedIn: false }, async (ctx) => {
    const body = await accountBody(ctx, resetRequestSchema);
    await requestPasswordReset(body.email, clientAddress(ctx.req));
    return ok({ requested: true }, 202);
  }),
});
