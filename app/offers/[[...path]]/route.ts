import { ApiError } from '@/lib/api/errors';
import { withRequest } from '@/lib/api/with-api';

// `/offers…` without the version: a JSON 404 that names the path under /v1, never an HTML page.
const missingVersion = withRequest(async ({ url }) => {
  throw new ApiError('NOT_FOUND', { details: `The API's paths start with /v1: ${url.pathname.replace(/^\/offers/, '/v1/offers')}${url.search}` });
});

export const { GET, POST, PUT, PATCH, DELETE } = { GET: missingVersion, POST: missingVersion, PUT: missingVersion, PATCH: missingVersion, DELETE: missingVersion };
