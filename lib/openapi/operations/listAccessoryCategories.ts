import 'server-only';
import { catalogueQuerySchema } from '@/lib/catalogue/schemas';
import { accessoryCatalogueSchema } from '@/lib/catalogue/response-schemas';
import { accessoryCatalogueExample } from '../examples';
import { type OperationSpec, writeHeaders } from './shared';

export const listAccessoryCategories = {
  operationId: 'listAccessoryCategories',
  method: 'get',
  path: '/v1/offers/accessory',
  tag: 'Catalogue',
  summary: 'List leasable accessory categories',
  description: 'Every leasable accessory entry. Put only accessories whose code is listed here into an offer; others are rejected.',
  scope: 'catalogue:read',
  query: catalogueQuerySchema,
  success: {
    status: 200,
    description: 'The accessory categories.',
    schema: accessoryCatalogueSchema,
    headers: writeHeaders,
    examples: { entries: accessoryCatalogueExample },
  },
  errors: { INVALID_PARAMETER: 'lang is too long' },
} satisfies OperationSpec;
