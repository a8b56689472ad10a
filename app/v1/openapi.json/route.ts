import { route, withRequest } from '@/lib/api/with-api';
import { openApiDocument } from '@/lib/openapi/document';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /v1/openapi.json — the OpenAPI 3.1 document of /v1 (public, built once per process)
  GET: withRequest(async () => {
    return new Response(openApiDocument().json, {
      status: 200,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
    });
  }),
});
