import { notFoundRoute } from '@/lib/api/not-found-route';

// Any other /v1 path: a JSON 404 in the error envelope, never Next.js's HTML page.
export const { GET, POST, PUT, PATCH, DELETE } = notFoundRoute;
