import { describe, expect, it } from 'vitest';
import { apiErrorText, ApiRequestError } from '@/lib/api-client/browser/call';
import { CANCEL_REASONS, createOfferBodySchema } from '@/lib/offers/contract/schemas';
import { CANCEL_REASON_CODES, cancelReasonLabel, fieldLabel, formFieldName } from '@/lib/portal/i18n';
import { apiParams, listQuery, readListState, refusedFilter, statusParam, statusSelection } from '@/lib/portal/browser/list-state';
import { formatDay, fromIso } from '@/components/ui/day';
import { entryText, serverWords } from '@/lib/i18n/catalogue';
import { amountOf, emptyOfferForm, liveTotal, toBody, validationMessage } from '@/lib/portal/browser/offer-form';

// The portal's pure helpers: URL state of the list, the form ⇄ request body mapping.

describe('offer list URL state', () => {
  it('reads, normalises and writes the state under the API parameter names', () => {
    const state = readListState(new URLSearchParams('status=!done,!canceled&sortBy=totalPriceGross&order=asc&page=3&perPage=25&search=ab&bogus=1'));
    expect(state).toMatchObject({ status: '!done,!canceled', sortBy: 'totalPriceGross', order: 'asc', page: 3, perPage: 25, search: 'ab' });
    expect(listQuery(state)).toBe('status=%21done%2C%21canceled&search=ab&sortBy=totalPriceGross&order=asc&perPage=25&page=3');
    expect(readListState(new URLSearchParams(listQuery(state)))).toEqual(state);
    // Unknown sort keys and page sizes fall back to the defaults; the plain list is just /portal.
    const fallback = readListState(new URLSearchParams('sortBy=nope&order=up&perPage=7&page=-1'));
    expect(listQuery(fallback)).toBe('');
  });

  it('leaves a search under two characters out of the API call', () => {
    expect(apiParams(readListState(new URLSearchParams('search=a'))).search).toBeUndefined();
    expect(apiParams(readListState(new URLSearchParams('search=ab'))).search).toBe('ab');
  });

  it('maps the status selection to only / all-but values', () => {
    expect(statusSelection('draft,rejected')).toEqual({ mode: 'only', values: ['draft', 'rejected'] });
    expect(statusSelection('!done,!canceled')).toEqual({ mode: 'except', values: ['done', 'canceled'] });
    expect(statusParam('except', ['done', 'canceled'])).toBe('!done,!canceled');
    expect(statusSelection('unknown')).toEqual({ mode: 'only', values: [] });
  });
});

describe('texts of status entries', () => {
  it('write a field’s path as the field’s name, in either language', () => {
    const normalized = { message: 'Whitespace in customerName was normalized.', field: 'customerName', translations: { de: 'Leerzeichen in customerName wurden bereinigt.', en: 'Whitespace in customerName was normalized.' } };
    expect(entryText(normalized, 'de')).toBe('Leerzeichen in „Name des Kunden“ wurden bereinigt.');
    expect(entryText(normalized, 'en')).toMatch(/^Whitespace in ‘Customer name’ was normalized\.$/i);
    const missing = { message: 'x', field: 'product.modelName', translations: { de: 'Für den Vertrag fehlt eine Angabe zum Fahrrad: product.modelName.', en: 'The bicycle data needed for the contract is missing: product.modelName.' } };
    expect(entryText(missing, 'de')).not.toContain('product.modelName');
    expect(entryText(missing, 'en')).not.toContain('product.modelName');
    // An API error names its parameter in `details`; a text without the path stays as it is.
    expect(entryText({ message: 'm', details: 'customerName', translations: { de: 'customerName darf höchstens 255 Zeichen lang sein.' } }, 'de')).toBe('„Name des Kunden“ darf höchstens 255 Zeichen lang sein.');
    expect(entryText({ message: 'Plain.', field: 'customerName', translations: { de: 'Schlicht.', en: 'Plain.' } }, 'de')).toBe('Schlicht.');
    expect(entryText({ message: 'Only the message.' }, 'en')).toBe('Only the message.');
  });
});

describe('refused filters and days', () => {
  it('names the filter a 400 refused, and nothing for other failures', () => {
    const refused = (status: number, details?: string) => refusedFilter(new ApiRequestError(status, [{ code: 'INVALID_PARAMETER', message: 'x', details }]));
    expect(refused(400, 'creationDateFrom')).toBe('creationDateFrom');
    expect(refused(400, 'status')).toBe('status');
    expect(refused(400, 'perPage')).toBeUndefined();
    expect(refused(400)).toBeUndefined();
    expect(refused(500, 'status')).toBeUndefined();
    expect(refusedFilter(new Error('network'))).toBeUndefined();
    expect(refusedFilter(null)).toBeUndefined();
  });

  it('reads only days that exist, and writes them the page’s way', () => {
    expect(formatDay('2026-11-23', 'de')).toBe('23.11.2026');
    expect(formatDay('2026-11-23', 'en')).toBe('23/11/2026');
    expect(fromIso('2026-13-45')).toBeUndefined();
    expect(fromIso('2026-02-30')).toBeUndefined();
    expect(formatDay('2026-13-45', 'de')).toBe('');
    expect(fromIso('2028-02-29')?.getDate()).toBe(29);
  });
});

describe('offer builder form', () => {
  it('reads amounts by the page’s locale', () => {
    expect(amountOf('3.499,90', 'de')).toBe(3499.9);
    expect(amountOf('3499.90', 'en')).toBe(3499.9);
    expect(amountOf('89,9 €', 'de')).toBe(89.9);
    expect(amountOf('', 'de')).toBeUndefined();
    expect(amountOf('abc', 'de')).toBeNaN();
    expect(amountOf('5.000', 'de')).toBe(5000);
  });

  it('turns form values into a body the API schema accepts, and its problems into field messages', () => {
    const values = emptyOfferForm();
    values.externalOfferId = 'ERP-1';
    values.customerName = 'Erika Mustermann';
    values.customerEmail = 'erika@example.com';
    values.product = { ...values.product, bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu', priceGross: '3.499,00' };
    values.accessory = [{ bidexCode: '201010', brandName: '', modelName: '', priceGross: '89,90', listPriceGross: '' }];
    values.deliveryDate = '2026-12-15';
    const parsed = createOfferBodySchema.safeParse(toBody(values, 'de'));
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ product: { priceGross: 3499 }, accessory: [{ bidexCode: '201010', priceGross: 89.9 }], deliveryDate: '2026-12-14T23:00:00.000Z' });
    expect(liveTotal(values, 'de').total).toBe(3588.9);
    // A shipping cost counts only with shipping, as in the API's total.
    values.shippingCostGross = '29,90';
    expect(liveTotal(values, 'de').total).toBe(3588.9);
    values.withShipping = true;
    expect(liveTotal(values, 'de').total).toBe(3618.8);
    values.withShipping = false;
    values.shippingCostGross = '';

    values.accessory[0]!.priceGross = '1,234';
    const bad = createOfferBodySchema.safeParse(toBody(values, 'de'));
    expect(bad.success).toBe(false);
    const issue = bad.error!.issues[0]!;
    expect(issue.path.join('.')).toBe('accessory.0.priceGross');
    expect(validationMessage(issue.message, 'accessory.0.priceGross', serverWords('de'))).toBe(
      'Preis von Zubehör 1 muss ein Betrag ≥ 0 mit höchstens zwei Nachkommastellen sein.',
    );
  });

  it('maps API field paths onto form field names and labels', () => {
    expect(formFieldName('accessory[1].bidexCode')).toBe('accessory.1.bidexCode');
    expect(fieldLabel('accessory[1].bidexCode', 'en')).toBe('Category of accessory 2');
    expect(fieldLabel('product.priceGross', 'de')).toBe('Preis des Fahrrads');
  });

  it('offers exactly the spec’s cancel reasons, each in words', () => {
    expect([...CANCEL_REASON_CODES]).toEqual([...CANCEL_REASONS]);
    for (const lang of ['de', 'en'] as const) for (const r of CANCEL_REASON_CODES) expect(cancelReasonLabel(r, lang)).not.toBe(r);
  });
});

describe('failed requests in words', () => {
  it('never shows a browser’s own message ("Failed to fetch") or a bare status', () => {
    expect(apiErrorText(new TypeError('Failed to fetch'), serverWords('de'))).toBe('Keine Verbindung zum Server. Bitte die Internetverbindung prüfen und erneut versuchen.');
    expect(apiErrorText(new TypeError('NetworkError when attempting to fetch resource.'), serverWords('en'))).toBe('No connection to the server. Check the internet connection and try again.');
    expect(apiErrorText(new ApiRequestError(502, []), serverWords('de'))).toContain('(HTTP 502)');
    expect(apiErrorText(new ApiRequestError(502, []), serverWords('de'))).toMatch(/^Der Server hat/);
    expect(apiErrorText(new Error('x is undefined'), serverWords('en'))).toBe('Something went wrong. Please try again.');
    // The API's own errors keep their words.
    expect(apiErrorText(new ApiRequestError(409, [{ code: 'CONFLICT', message: 'x', translations: { de: 'Schon vergeben.', en: 'Taken.' } }]), serverWords('de'))).toBe('Schon vergeben.');
  });
});
