import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/next-auth';

// next-auth's endpoints (sign-in, sign-out, session, CSRF) under /api/auth.
const handler = NextAuth(authOptions);

export { handler as GET, handler as POST };
