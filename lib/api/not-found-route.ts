import 'server-only';
import { ApiError } from './errors';
import { withRequest } from './with-api';

// A path no route serves, under /v1 or /api: a JSON 404 in the error envelope (with a request id),
// never Next.js's HTML page — API clients and the portal's fetches always get JSON.
const notFound = withRequest(async () => {
  throw new ApiError('NOT_FOUND', { details: 'No such endpoint.' });
});

export const notFoundRoute = { GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound };
