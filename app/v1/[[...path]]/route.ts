import { ApiError } from '@/lib/api/errors';
import { withRequest } from '@/lib/api/with-api';

// Any other /v1 path: a JSON 404 in the error envelope, never Next.js's HTML page.
const notFound = withRequest(async () => {
  throw new ApiError('NOT_FOUND', { details: 'No such endpoint.' });
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
