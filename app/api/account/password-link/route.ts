import { clientAddress } from '@/lib/api/client-address';
import { route } from '@/lib/api/with-api';
import { accountBody, ok, withAccount } from '@/lib/auth/account-route';
import { setPasswordSchema } from '@/lib/auth/account-schemas';
import { setPasswordWithLink } from '@/lib/auth/accounts';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/account/password-link — sets the password with an invitation or reset link (used once)
  POST: withAccount({ signedIn: false }, async (ctx) => {
    const body = await accountBody(ctx, setPasswordSchema);
    return ok(await setPasswordWithLink(body.token, body.password, clientAddress(ctx.req)));
  }),
});
