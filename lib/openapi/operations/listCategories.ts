import 'server-only';
import { categoriesQuerySchema } from '@/lib/catalogue/schemas';
import { categoriesSchema } from '@/lib/catalogue/response-schemas';
import { categoriesExample } from '../examples';
import { type OperationSpec, writeHeaders } from './shared';

export const listCategories = {
  operationId: 'listCategories',
  method: 'get',
  path: '/v1/offers/categories',
  tag: 'Catalogue',
  summary: 'List all leasable categories',
  description:
    'Every leasable bicycle and accessory entry. With `email` of a registered employee, only the categories the employer allows.',
  scope: 'catalogue:read',
  query: categoriesQuerySchema,
  success: {
    status: 200,
    description: 'The categories.',
    schema: categoriesSchema,
    headers: writeHeaders,
    examples: { entries: categoriesExample },
  },
  errors: { INVALID_PARAMETER: 'email is not an e-mail address, or lang is too long' },
} satisfies OperationSpec;
