import 'server-only';
import { answerTexts, format } from '@/lib/i18n/messages';
import { ApiError } from './errors';
import { withRequest } from './with-api';

// A path no route serves, under /v1 or /api: a JSON 404 in the error envelope (with a request id),
// never Next.js's HTML page — API clients and the portal's fetches always get JSON.
const notFound = withRequest(async ({ url }) => {
  // The path, not a resource, is unknown: the message says so (not "for your dealer").
  const path = url.pathname.length > 200 ? `${url.pathname.slice(0, 200)}…` : url.pathname;
  throw new ApiError('NOT_FOUND', { text: format(answerTexts.unknownPath, { path }), details: 'No such endpoint.' });
});

export const notFoundRoute = { GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound };
