// What the bench sends: shared by the runner (bench/run.ts) and the baseline server, so both
// serve exactly the same requests.

/** The create body; `__EXT__` is replaced by a unique external id per request. */
export const CREATE_BODY = {
  externalOfferId: '__EXT__',
  customerName: 'Jana Beispiel',
  customerEmail: 'jana.beispiel@firma.example',
  product: {
    bidexCode: '102020',
    brandName: 'Cube',
    modelName: 'Kathmandu Hybrid Pro 750',
    modelYear: '2025',
    color: 'Schwarz matt',
    size: 'L',
    driveManufacturer: 'Bosch',
    batteryCapacity: '750 Wh',
    priceGross: 3499,
    listPriceGross: 3699,
  },
  accessory: [
    { bidexCode: '201010', brandName: 'Abus', modelName: 'Granit X-Plus 540', priceGross: 89.95, listPriceGross: 89.95 },
    { bidexCode: '201310', brandName: 'Racktime', modelName: 'Addit', priceGross: 59.9, listPriceGross: 59.9 },
  ],
  withShipping: true,
  shippingCostGross: 29.9,
  deliveryDate: '2027-03-01T10:00:00Z',
  notes: 'Probefahrt vereinbart.',
};

/** The list queries of the scenarios (path and query string after /v1/offers). */
export const LIST_DEFAULT = '';
export const LIST_SEARCH = '?search=kalkhoff';
export const LIST_FILTERED = '?status=!canceled,!rejected&creationDateFrom=2026-01-01&creationDateTo=2026-06-30&sortBy=productName&order=asc';
