import 'server-only';
import { offerIdParams, readHeaders, type OperationSpec } from './shared';

export const getInvoiceDocument = {
  operationId: 'getInvoiceDocument',
  method: 'get',
  path: '/v1/offers/{id}/invoice/document',
  tag: 'Orders',
  summary: 'The invoice’s PDF',
  description: 'The PDF of the order’s newest invoice, as the dealer sent it. 404 before an invoice was sent.',
  scope: 'offers:read',
  pathParams: offerIdParams,
  success: {
    status: 200,
    description: 'The invoice as PDF.',
    headers: readHeaders.omit({ ETag: true }),
    binary: { contentType: 'application/pdf', description: 'The invoice document.' },
  },
  errors: { INVALID_PARAMETER: 'the id is not a UUID', NOT_FOUND: 'no such offer for the dealer in this environment, or no invoice yet' },
} satisfies OperationSpec;
