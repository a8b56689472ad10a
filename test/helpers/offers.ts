import { api } from './api';

/** A valid create body: an e-trekking bike with a lock and a rear rack. */
export function offerBody(overrides: Record<string, unknown> = {}) {
  return {
    externalOfferId: `ERP-${Math.random().toString(36).slice(2, 10)}`,
    customerName: 'Erika Mustermann',
    customerEmail: 'erika@example.com',
    product: {
      bidexCode: '102020',
      brandName: 'Cube',
      modelName: 'Kathmandu Hybrid',
      modelYear: '2026',
      color: 'grey',
      size: 'M',
      driveManufacturer: 'Bosch',
      batteryCapacity: '750 Wh',
      priceGross: 3499.0,
      listPriceGross: 3699.0,
    },
    accessory: [
      { bidexCode: '201010', brandName: 'Abus', modelName: 'Granit X-Plus', priceGross: 99.95, listPriceGross: 109.95 },
      { bidexCode: '201310', brandName: 'Racktime', modelName: 'Addit', priceGross: 49.9 },
    ],
    withShipping: true,
    shippingCostGross: 29.9,
    installationCostGross: 15,
    // Years ahead: a deliveryDate before today is refused.
    deliveryDate: '2030-12-15T10:00:00Z',
    notes: 'Customer picks up in store.',
    ...overrides,
  };
}

export async function createOffer(token: string, overrides: Record<string, unknown> = {}) {
  const res = await api.post('/v1/offers', { token, body: offerBody(overrides) });
  if (res.status !== 202) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body.data as { id: string; offerNumber: string; externalOfferId: string } & Record<string, any>;
}
