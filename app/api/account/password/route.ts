import { clientAddress } from '@/lib/api/client-address';
import { route } from '@/lib/api/with-api';
import { accountBody, ok, withAccount } from '@/lib/auth/account-route';
import { changePasswordSchema } from '@/lib/auth/account-schemas';
import { changePassword } from '@/lib/auth/accounts';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/account/password — the signed-in user's new password; the user's other sessions end
  POST: withAccount({ signedIn: true }, async (ctx) => {
    const body = await accountBody(ctx, changePasswordSchema);
    return ok(await changePassword(ctx.user!, body.currentPassword, body.newPassword, clientAddress(ctx.req)));
  }),
});
