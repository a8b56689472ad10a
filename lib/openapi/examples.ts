import 'server-only';
import type { z } from 'zod';
import type { OfferRecord } from '@/db/repositories/offers';
import { catalogueNodes } from '@/db/seed/catalogue-data';
import { ApiError, fieldError, type ErrorCode } from '@/lib/api/errors';
import { errorBody } from '@/lib/api/respond';
import { Catalogue } from '@/lib/catalogue/tree';
import type { accessoryCatalogueSchema, categoriesSchema } from '@/lib/catalogue/response-schemas';
import { externalIdConflictDetails } from '@/lib/offers/rules/conflict';
import { beingProcessedDetails, notModifiableDetails } from '@/lib/offers/rules/lifecycle';
import { pageMeta, sortedPageMeta } from '@/lib/api/page-meta';
import type { historyListSchema, offerEnvelopeSchema, offerListSchema, offerValidationSchema } from '@/lib/offers/contract/response-schemas';
import type { createOfferBodySchema, updateOfferBodySchema } from '@/lib/offers/contract/schemas';
import { leaseTerms } from '@/lib/leasing/lease-terms';
import { serializeOffer } from '@/lib/offers/contract/serialize';

// The document's examples. Responses are produced by the code that answers them (the serializer,
// the status renderer, the error envelope, the catalogue), from example records, so an example
// cannot show a shape the API does not answer; test/openapi.test.ts validates them all.

const OFFER_ID = '5f0c7a52-1d0e-4f51-9c86-2b1f6f3e8a10';
export const REJECTED_ID = '8d2e4b1a-7c3f-4e5a-b6d9-0a1b2c3d4e5f';

/** Create body: an e-trekking bike with a U-lock and a rear rack. */
export const createOfferExample = {
  externalOfferId: 'ERP-2026-0042',
  customerName: 'Erika Mustermann',
  customerEmail: 'erika.mustermann@acme.example',
  product: {
    bidexCode: '102020',
    brandName: 'Cube',
    modelName: 'Kathmandu Hybrid Pro 750',
    modelYear: '2026',
    color: 'grey/metal',
    size: 'M (54 cm)',
    driveManufacturer: 'Bosch',
    batteryCapacity: '750 Wh',
    priceGross: 3499.0,
    listPriceGross: 3699.0,
  },
  accessory: [
    { bidexCode: '201010', brandName: 'Abus', modelName: 'Granit X-Plus 540', priceGross: 99.95, listPriceGross: 109.95 },
    { bidexCode: '201310', brandName: 'Racktime', modelName: 'Addit', priceGross: 49.9 },
  ],
  withShipping: true,
  shippingCostGross: 29.9,
  installationCostGross: 15.0,
  deliveryDate: '2030-06-15T10:00:00Z',
  notes: 'Customer picks the bike up in store.',
} satisfies z.input<typeof createOfferBodySchema>;

/** Update body: the rejected offer fixed (price given, the helmet, which is not leasable, removed). */
export const updateOfferExample = {
  product: { ...createOfferExample.product, priceGross: 3499.0 },
  accessory: createOfferExample.accessory.slice(0, 1),
  withShipping: true,
  shippingCostGross: 29.9,
  installationCostGross: 15.0,
  deliveryDate: '2030-06-15T10:00:00Z',
} satisfies z.input<typeof updateOfferBodySchema>;

const money = (v: number | undefined) => (v === undefined ? null : v.toFixed(2));

export const created = new Date('2026-05-04T08:15:30.000Z');

export function offerRecord(overrides: Partial<OfferRecord>): OfferRecord {
  const b = createOfferExample;
  return {
    id: OFFER_ID,
    dealerId: '0b6c2f52-4a55-4d3c-9d7e-5a0c1f000001',
    environment: 'sandbox',
    offerNumber: 'SPK-100042',
    externalOfferId: b.externalOfferId,
    customerName: b.customerName,
    customerEmail: b.customerEmail,
    productBidexCode: b.product.bidexCode,
    productBrandName: b.product.brandName,
    productModelName: b.product.modelName,
    productModelYear: b.product.modelYear,
    productColor: b.product.color,
    productSize: b.product.size,
    productDriveManufacturer: b.product.driveManufacturer,
    productBatteryCapacity: b.product.batteryCapacity,
    productPriceGross: money(b.product.priceGross),
    productListPriceGross: money(b.product.listPriceGross),
    withShipping: b.withShipping,
    shippingCostGross: money(b.shippingCostGross),
    installationCostGross: money(b.installationCostGross),
    deliveryDate: new Date(b.deliveryDate),
    notes: b.notes,
    totalPriceGross: '3693.75',
    status: 'pending',
    statusErrors: [],
    statusInfos: [],
    cancelReason: null,
    cancelNote: null,
    contactFromEmployeeRequested: null,
    changeSeq: 1,
    processAfter: created,
    processingAttempts: 0,
    createdAt: created,
    updatedAt: created,
    statusChangedAt: created,
    anonymisedAt: null,
    restrictedAt: null,
    accessories: b.accessory.map((a) => ({
      bidexCode: a.bidexCode,
      brandName: a.brandName,
      modelName: a.modelName,
      priceGross: money(a.priceGross),
      listPriceGross: money('listPriceGross' in a ? a.listPriceGross : undefined),
    })),
    ...overrides,
  };
}

export const processed = new Date('2026-05-04T08:15:32.000Z');

/** An employer's terms: 36 months at 3.15 % a month, insurance and service 0.4 %, a subsidy of 30 € a month. */
const EMPLOYER_TERMS = { leaseTermMonths: 36, leasingFactorPercent: '3.150', insurancePercent: '0.400', employerSubsidyMonthly: '30.00' };
/** The lease terms of the example offer, its customer registered with an employer with those terms. */
export const leaseTermsExample = leaseTerms(offerRecord({}), EMPLOYER_TERMS);

const pendingOffer = serializeOffer(offerRecord({}), 'en');
const draftOffer = serializeOffer(offerRecord({ status: 'draft', processAfter: null, updatedAt: processed, statusChangedAt: processed }), 'en', leaseTermsExample);

/** A rejected offer: the price of the bicycle is missing and a helmet (not leasable) is among the accessories. */
export const rejectedOffer = serializeOffer(
  offerRecord({
    id: REJECTED_ID,
    offerNumber: 'SPK-100043',
    externalOfferId: 'ERP-2026-0043',
    status: 'rejected',
    productPriceGross: null,
    totalPriceGross: '234.75',
    accessories: [
      offerRecord({}).accessories[0]!,
      { bidexCode: '203010', brandName: 'Uvex', modelName: 'city i-vo', priceGross: '89.90', listPriceGross: null },
    ],
    statusErrors: [
      { code: 'MISSING_PRODUCT_DATA', field: 'product.priceGross' },
      { code: 'ACCESSORY_NOT_LEASABLE', field: 'accessory[1].bidexCode', params: { code: '203010' } },
    ],
    processAfter: null,
    updatedAt: processed,
    statusChangedAt: processed,
  }),
  'en',
);

const canceledAt = new Date('2026-05-06T14:02:11.000Z');
const canceledOffer = serializeOffer(
  offerRecord({
    status: 'canceled',
    cancelReason: 'customer_wants_different_bicycle',
    contactFromEmployeeRequested: false,
    processAfter: null,
    updatedAt: canceledAt,
    statusChangedAt: canceledAt,
  }),
  'en',
);

const startedAt = new Date('2026-05-05T09:30:00.000Z');
const orderStartedOffer = serializeOffer(
  offerRecord({ status: 'order_journey_started', processAfter: null, updatedAt: startedAt, statusChangedAt: startedAt }),
  'en',
  leaseTermsExample,
);

type OfferEnvelope = z.output<typeof offerEnvelopeSchema>;
const one = (data: OfferEnvelope['data']): OfferEnvelope => ({ data, meta: {} });

export const offerExamples = {
  pending: { summary: 'Accepted, waiting for processing', value: one(pendingOffer) },
  draft: { summary: 'Processed and valid; the customer is registered with an employer (leaseTerms)', value: one(draftOffer) },
  rejected: { summary: 'Rejected: the reasons are in status.errors', value: one(rejectedOffer) },
  canceled: { summary: 'Canceled', value: one(canceledOffer) },
  orderJourneyStarted: { summary: 'The employee started the order (sandbox step)', value: one(orderStartedOffer) },
  sparse: {
    summary: 'Read with fields=status,offerNumber',
    value: { data: { id: rejectedOffer.id, offerNumber: rejectedOffer.offerNumber, status: rejectedOffer.status }, meta: {} },
  },
};

export const validationExample = {
  summary: 'Would be rejected',
  value: { data: { valid: false, status: rejectedOffer.status }, meta: {} } satisfies z.output<typeof offerValidationSchema>,
};

export const offerListExample = {
  summary: 'A page of two offers',
  value: {
    data: [draftOffer, rejectedOffer],
    meta: { ...pageMeta(1, 10, 2), sortBy: 'createdAt', order: 'desc' },
  } satisfies z.output<typeof offerListSchema>,
};

export const historyExample = {
  summary: 'Created by an API client, then rejected by processing',
  value: {
    data: [
      {
        id: 2,
        occurredAt: processed.toISOString(),
        actor: { type: 'system', id: 'processor', name: 'Spoke processor' },
        action: 'processed',
        fromStatus: 'pending',
        toStatus: 'rejected',
        changes: [{ field: 'status.errors', new: ['MISSING_PRODUCT_DATA', 'ACCESSORY_NOT_LEASABLE'] }],
      },
      {
        id: 1,
        occurredAt: created.toISOString(),
        actor: { type: 'client', id: 'demo-sandbox' },
        action: 'created',
        toStatus: 'pending',
        changes: [],
      },
    ],
    meta: sortedPageMeta(1, 10, 2, 'occurredAt', 'desc'),
  } satisfies z.output<typeof historyListSchema>,
};

const catalogue = new Catalogue(catalogueNodes.map((node, position) => ({ ...node, position })));
const pick = (kind: 'bicycle' | 'accessory', codes: string[]) =>
  catalogue.entries(kind, 'en').filter((e) => codes.includes(e.bidexCode));

export const accessoryCatalogueExample = {
  summary: 'Some accessory entries (English)',
  value: {
    data: pick('accessory', ['201000', '201010', '201310', '901010']),
    meta: { lang: 'en', totalCount: 4 },
  } satisfies z.output<typeof accessoryCatalogueSchema>,
};

export const categoriesExample = {
  summary: 'Some entries of both kinds (English)',
  value: {
    data: { bicycles: pick('bicycle', ['102000', '102020']), accessories: pick('accessory', ['201010', '201310']) },
    meta: { lang: 'en', restrictedForEmployee: false, totalCount: 4 },
  } satisfies z.output<typeof categoriesSchema>,
};

/** The `details` the API gives with these codes, as it words them. */
const EXAMPLE_DETAILS: Partial<Record<ErrorCode, string>> = {
  OFFER_IS_BEING_PROCESSED: beingProcessedDetails(OFFER_ID, 2),
  OFFER_NOT_MODIFIABLE: notModifiableDetails('canceled', 'update'),
  CONFLICT: externalIdConflictDetails({ id: OFFER_ID, offerNumber: 'SPK-100042', status: 'draft' }),
};

/** An error answer of `code`, as the API renders it; 400 codes with a typical field problem. */
export function errorExample(code: ErrorCode, publicUrl?: string) {
  const entries =
    code === 'MISSING_PARAMETER'
      ? [fieldError('MISSING_PARAMETER', 'required', 'product.bidexCode')]
      : code === 'INVALID_PARAMETER'
        ? [fieldError('INVALID_PARAMETER', 'bidexCode', 'accessory[1].bidexCode')]
        : code === 'INVALID_REQUEST'
          ? [fieldError('INVALID_REQUEST', 'json', undefined)]
          : new ApiError(code, { details: EXAMPLE_DETAILS[code] }).entries;
  return errorBody(entries, 'en', publicUrl);
}
