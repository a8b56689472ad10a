import { route } from '@/lib/api/with-api';
import { employerBody, ok, withEmployer } from '@/lib/employer/http/auth';
import { mailSettingsSchema } from '@/lib/employer/schemas';
import { mailSettings, setMailSettings } from '@/lib/employer/use-cases/requests';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/employer/mail-settings — whether new requests are mailed to the signed-in staff member, and in which language
  GET: withEmployer(async (ctx) => ok(await mailSettings(ctx.staff))),
  // PUT /api/employer/mail-settings — change them
  PUT: withEmployer(async (ctx) => ok(await setMailSettings(ctx.staff, await employerBody(ctx, mailSettingsSchema)))),
});
