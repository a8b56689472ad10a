import 'server-only';
import { getServerSession } from 'next-auth';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import type { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { parseOrThrow } from '@/lib/api/validation';
import type { RouteHandler } from '@/lib/api/context';
import { accountBody, ok, withAccount, type AccountContext } from '@/lib/auth/account-route';
import { authOptions } from '@/lib/auth/next-auth';
import { sessionUser, type SignedInUser } from '@/lib/auth/sessions';
import type { EmployerStaff } from '@/lib/employer/use-cases/requests';
import { homeOf } from '@/lib/portal/http/server';

// Who may use the employer face (/employer): a signed-in user whose role is `employer` *now*, of
// one employer (the database decides on every request). Pages check it in the face's layout and
// again in each page; every endpoint of app/api/employer/** checks it itself, before it looks at
// anything else. Everything the face reads or changes is scoped by that user's employer.

function asStaff(user: SignedInUser | undefined): EmployerStaff | null {
  if (!user || user.role !== 'employer' || !user.employerId) return null;
  return { id: user.id, name: user.name, email: user.email, employerId: user.employerId, employerName: user.employerName ?? '' };
}

const pageVisitor = cache(async (): Promise<SignedInUser | undefined> => {
  const session = await getServerSession(authOptions);
  return sessionUser(session ? { sub: session.user?.id, sid: session.sid } : null);
});

/** A request's page (the HR mail's link): the one page the sign-in returns to. */
const REQUEST_PAGE = /^\/employer\/requests\/[0-9a-fA-F-]{36}$/;

/** Where the sign-in leads back to: a request's page, else the face's start. */
export function employerReturnPath(value: string | string[] | undefined | null): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v && REQUEST_PAGE.test(v) ? v : undefined;
}

/** For the face's layout and pages: the signed-in HR staff member, else a redirect (the sign-in, or the user's own face). */
export async function requireEmployerStaff(): Promise<EmployerStaff> {
  const user = await pageVisitor();
  if (!user) {
    const back = employerReturnPath((await headers()).get('x-spoke-path'));
    redirect(back ? `/employer/sign-in?callbackUrl=${encodeURIComponent(back)}` : '/employer/sign-in');
  }
  const staff = asStaff(user);
  if (!staff) redirect(homeOf(user));
  return staff;
}

export type EmployerApiContext = AccountContext & { staff: EmployerStaff };

/** The wrapper of the face's endpoints: same origin, a live session of an employer's HR staff member (401/403 first). */
export function withEmployer(handler: (ctx: EmployerApiContext) => Promise<Response>): RouteHandler {
  return withAccount({ signedIn: true, face: 'employer' }, async (ctx) => {
    const staff = asStaff(ctx.user!);
    if (!staff) throw new ApiError('FORBIDDEN', { details: 'The employer face is for an employer’s HR staff only.' });
    return handler({ ...ctx, staff });
  });
}

export async function employerBody<S extends z.ZodType>(ctx: EmployerApiContext, schema: S): Promise<z.output<S>> {
  return accountBody(ctx, schema);
}

export function employerParam<S extends z.ZodType>(ctx: EmployerApiContext, name: string, schema: S): z.output<S> {
  return parseOrThrow(schema, ctx.params[name], name);
}

export { ok };
