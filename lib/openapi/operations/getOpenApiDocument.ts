import 'server-only';
import { z } from 'zod';
import { baseHeaders, cacheControlHeader, type OperationSpec } from './shared';

export const getOpenApiDocument = {
  operationId: 'getOpenApiDocument',
  method: 'get',
  path: '/v1/openapi.json',
  tag: 'Reference',
  summary: 'Get this OpenAPI document',
  description: 'The OpenAPI 3.1 description of /v1. Public.',
  scope: null,
  success: {
    status: 200,
    description: 'The OpenAPI document.',
    schema: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }).meta({ id: 'OpenApiDocument' }),
    headers: z.object({ ...baseHeaders, 'Cache-Control': cacheControlHeader }),
  },
  errors: {},
} satisfies OperationSpec;
