import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

// A typed client of /v1, generated from the OpenAPI document: request and response types come from
// lib/api-client/schema.d.ts (regenerate with `tsx scripts/openapi.ts generate`).

export type { components, operations, paths };
// JSON answers only: GET /v1/offers/{id} can also answer a PDF (Accept: application/pdf), fetched apart.
export type SpokeClient = Client<paths, 'application/json'>;

export type Offer = components['schemas']['Offer'];
export type OfferStatus = components['schemas']['OfferStatus'];
export type CreateOfferBody = components['schemas']['CreateOfferBody'];
export type UpdateOfferBody = components['schemas']['UpdateOfferBody'];
export type CategoryEntry = components['schemas']['CategoryEntry'];
export type ErrorBody = components['schemas']['ErrorBody'];

export type SpokeClientOptions = {
  /** An access token, or a function that answers a current one (called for every request). */
  accessToken?: string | (() => string | Promise<string>);
};

/**
 * A client of the Spoke API at `baseUrl` (the installation's URL, without /v1: paths carry it).
 * `fetchImpl` defaults to the global fetch; the portal passes none and relies on its session cookie.
 */
export function createSpokeClient(baseUrl: string, fetchImpl?: (input: Request) => Promise<Response>, options: SpokeClientOptions = {}): SpokeClient {
  const client = createClient<paths, 'application/json'>({ baseUrl: baseUrl.replace(/\/$/, ''), ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  const { accessToken } = options;
  if (accessToken) {
    client.use({
      async onRequest({ request }) {
        const token = typeof accessToken === 'function' ? await accessToken() : accessToken;
        request.headers.set('Authorization', `Bearer ${token}`);
        return request;
      },
    });
  }
  return client;
}
