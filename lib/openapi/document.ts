import 'server-only';
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import type { ErrorCode } from '@/lib/api/errors';
import { ERROR_CODES } from '@/lib/api/response-schemas';
import { SCOPE_DESCRIPTIONS } from '@/lib/auth/scopes';
import { env } from '@/lib/env';
import { webhookEventSchema } from '@/lib/webhooks/response-schemas';
import { EVENT_ID_HEADER, SIGNATURE_HEADER } from '@/lib/webhooks/signature';
import { DELIVERY_TIMEOUT_MS, RETRY_WINDOW_MS } from '@/lib/webhooks/delivery-limits';
import { WEBHOOK_EVENT_TYPES } from '@/lib/webhooks/events';
import { errorExample } from './examples';
import { webhookEvent } from './examples-webhooks';
import { errorCodesOf, OPERATIONS, requestHeadersOf, responsesOf, type OperationSpec } from './operations';
import { requestToken } from './operations/requestToken';

// The OpenAPI 3.1 document of /v1, rendered by zod-openapi from the zod schemas that validate the
// requests and describe the answers (lib/openapi/operations/, one file per operation). Nothing here restates a schema.

export const API_VERSION = '1.1.0';

const DESCRIPTION = `The leasing offers service of Spoke: dealers and partner systems submit lease offers for a bicycle
and its accessories, follow them through processing and the lease lifecycle, and read the catalogue of
leasable categories.

## Authentication

OAuth 2.0 client credentials: \`POST /oauth/token\` with \`grant_type=client_credentials\` and the client id
and secret (HTTP Basic or form fields) answers an access token; send it as \`Authorization: Bearer <token>\`.
Credentials are issued per environment: sandbox first, production after evaluation. An offer belongs to
one dealer and one environment; another dealer's offer answers 404.

## Processing

Create and update answer 202: the offer is \`pending\`. Processing moves it to \`draft\` (valid) or
\`rejected\` (the reasons are in \`status.errors\`, each with the \`field\` to fix). Read the offer again
(\`GET /v1/offers/{id}\`, with \`If-None-Match\`) to follow it. Sandbox clients can take every later
lifecycle step themselves with \`POST /v1/sandbox/offers/{id}/advance\`. \`POST /v1/offers/validate\` answers
the status object an offer would get, without creating it.

## Webhooks

Instead of polling, register an endpoint (\`POST /v1/webhooks\`): Spoke POSTs \`offer.created\`,
\`offer.status_changed\`, \`offer.customer_changed\` and \`offer.order_changed\` events to it, signed with the
endpoint's secret (see the webhooks section).

## After done

The operator's approval issues a purchase order to the dealer (\`order\` in the offer's answers): the
employee collects the bicycle with a pickup code (\`POST /v1/offers/{id}/handover\`), the dealer sends its
invoice (\`POST /v1/offers/{id}/invoice\`), the operator checks and pays it. The offer stays \`done\`.

## Conventions

- Success bodies are \`{data, meta}\`; error bodies \`{errors: [{code, message, details?, translations, docs}]}\`.
  \`docs\` links to the code's entry in the error reference (\`/docs/errors\`): its cause and its fix.
- Null fields are omitted; booleans are never null; empty lists are \`[]\`. Money is a JSON number with at
  most two decimals.
- Every answer carries \`Spoke-Request-ID\`. A method a path does not offer answers 405 with \`Allow\`; an
  unknown path under /v1 answers 404, both with the error body.
- Messages follow \`Accept-Language\` (de or en, default en); \`translations\` always holds both.
- Nothing sent is dropped without a word: a field or query parameter the operation does not know (on
  a write too: \`POST /v1/offers?dryRun=true\` creates the offer and warns of \`dryRun\`), a
  field an update does not change (\`externalOfferId\`, \`customerName\`, \`customerEmail\`) and a
  \`search\` under 2 characters are ignored, and a success answer then lists them in \`meta.warnings\`
  (\`UNKNOWN_FIELD\`, \`UNKNOWN_PARAMETER\`, \`FIELD_NOT_UPDATABLE\`, \`SEARCH_TOO_SHORT\`; absent when
  nothing was ignored).

## Versioning

The major version is part of the path (\`/v1\`) and is raised only for changes that may break clients.
Within v1, changes are additive: new fields are optional and existing ones are neither removed nor
altered, so clients must tolerate fields (and status or error codes) they do not know.`;

/** The document's examples of error bodies, one per code in use, rendered by the API's error envelope. */
function errorExamples(operations: readonly OperationSpec[], publicUrl: string) {
  const used = new Set(operations.flatMap((op) => [...errorCodesOf(op).keys()]));
  return Object.fromEntries(
    ERROR_CODES.filter((code) => used.has(code)).map((code) => [`Error-${code}`, { summary: code, value: errorExample(code, publicUrl) }]),
  );
}

function operationObject(op: OperationSpec): ZodOpenApiOperationObject {
  const responses: ZodOpenApiResponsesObject = {};
  for (const r of responsesOf(op)) {
    const examples = r.codes
      ? Object.fromEntries(r.codes.map((code: ErrorCode) => [code, { $ref: `#/components/examples/Error-${code}` }]))
      : r.examples;
    responses[String(r.status) as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description: r.description,
      headers: r.headers,
      ...(r.binary
        ? { content: { [r.binary.contentType]: { schema: z.string().meta({ format: 'binary', description: r.binary.description }) } } }
        : r.schema
        ? {
            content: {
              'application/json': { schema: r.schema, ...(examples ? { examples } : {}) },
              ...Object.fromEntries((r.alternatives ?? []).map((a) => [a.contentType, { schema: z.string().meta({ format: 'binary', description: a.description }) }])),
            },
          }
        : {}),
    };
  }
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: op.description,
    tags: [op.tag],
    security: op.scope ? [{ oauth2: [op.scope] }] : [],
    requestParams: {
      ...(op.pathParams ? { path: op.pathParams } : {}),
      ...(op.query ? { query: op.query } : {}),
      header: requestHeadersOf(op),
    },
    ...(op.body
      ? {
          requestBody: {
            required: !op.body.optional,
            description: op.body.description,
            content: op.body.multipart
              ? { 'multipart/form-data': { schema: op.body.schema, examples: op.body.examples, encoding: { document: { contentType: 'application/pdf' } } } }
              : {
                  'application/json': { schema: op.body.schema, examples: op.body.examples },
                  ...(op.body.form ? { 'application/x-www-form-urlencoded': { schema: op.body.schema } } : {}),
                },
          },
        }
      : {}),
    responses,
  };
}

/** The document for an installation at `publicUrl`; `operations` defaults to every /v1 operation. */
/** The events Spoke POSTs to registered endpoints (OpenAPI 3.1 `webhooks`). */
function webhookEvents(): ZodOpenApiPathsObject {
  const headers = z.object({
    [SIGNATURE_HEADER]: z.string().meta({
      description:
        '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint secret>`; two `v1` while a rotated-out secret is still valid. Verify one matches and t is recent.',
      example: 't=1777882532,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
    }),
    [EVENT_ID_HEADER]: z.uuid().meta({ description: 'The event id; the same on every retry and resend: de-duplicate by it.' }),
    'Spoke-Event-Type': z.enum(WEBHOOK_EVENT_TYPES),
    'Spoke-Delivery-ID': z.uuid().meta({ description: 'The delivery (see GET /v1/webhooks/{id}/deliveries/{deliveryId}).' }),
  });
  const event = (type: string, description: string): ZodOpenApiOperationObject => ({
    operationId: `${type.replace('.', '_')}_event`,
    summary: `Event ${type}`,
    description: `${description} Answer 2xx within ${DELIVERY_TIMEOUT_MS / 1000} seconds; other answers and timeouts are retried with backoff for ${RETRY_WINDOW_MS / 3_600_000} hours.`,
    tags: ['Webhooks'],
    security: [],
    requestParams: { header: headers },
    requestBody: {
      required: true,
      // The event is what the delivery detail answers (an output schema): refer to that component
      // rather than render an input copy of it and of everything it contains.
      content: {
        'application/json': {
          schema: { $ref: `#/components/schemas/${webhookEventSchema.meta()!.id}` },
          examples: { rejected: { summary: 'A rejection', value: webhookEvent } },
        },
      },
    },
    responses: { '200': { description: 'Received (any 2xx).' } },
  });
  return {
    'offer.created': { post: event('offer.created', 'An offer was created (status pending).') },
    'offer.status_changed': { post: event('offer.status_changed', 'An offer’s status changed; `data.status` is its status object then.') },
    'offer.customer_changed': {
      post: event(
        'offer.customer_changed',
        'The customer’s name or e-mail of an offer was corrected (PUT /v1/offers/{id}/customer); read the offer for the new values. A new e-mail puts the offer back to pending: then `oldStatus` and `newStatus` differ.',
      ),
    },
    'offer.order_changed': {
      post: event(
        'offer.order_changed',
        'The purchase order of a done offer changed its status (issued, handed over, invoiced, invoice rejected or approved, paid, canceled): `data.order` holds its old and new status; `newStatus` stays done. Read the offer for the order.',
      ),
    },
  };
}

export function buildOpenApiDocument(publicUrl: string, operations: readonly OperationSpec[] = OPERATIONS, options: { openEnums?: boolean } = {}) {
  const openEnums = options.openEnums ?? true;
  // The token endpoint comes first: it is where every integration starts.
  const paths: ZodOpenApiPathsObject = { '/oauth/token': { post: requestToken } };
  for (const op of operations) paths[op.path] = { ...paths[op.path], [op.method]: operationObject(op) };

  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Spoke leasing offers API',
        version: API_VERSION,
        description: DESCRIPTION,
        contact: { name: 'Spoke partner support', url: `${publicUrl}/docs` },
      },
      servers: [{ url: publicUrl, description: 'This Spoke installation (paths carry the /v1 version prefix).' }],
      tags: [
        { name: 'Authentication', description: 'Access tokens: the OAuth 2.0 client credentials grant.' },
        { name: 'Offers', description: 'Create, read, update and cancel lease offers; their history.' },
        { name: 'Orders', description: 'After done: the purchase order, the handover at the counter with the employee’s pickup code, the invoice.' },
        { name: 'Catalogue', description: 'The leasable bicycle and accessory categories.' },
        { name: 'Sandbox', description: 'Lifecycle steps for testing an integration (sandbox clients only).' },
        { name: 'Webhooks', description: 'Endpoints that receive offer events, and their deliveries.' },
        { name: 'Reference', description: 'This document.' },
      ],
      paths,
      webhooks: webhookEvents(),
      components: {
        securitySchemes: {
          clientBasic: {
            type: 'http',
            scheme: 'basic',
            description: 'Client authentication at POST /oauth/token: HTTP Basic with the client id and secret (or the form fields client_id and client_secret instead).',
          },
          oauth2: {
            type: 'oauth2',
            description:
              'OAuth 2.0 client credentials grant at /oauth/token (client authentication by HTTP Basic or form fields). Sandbox credentials come first; production access follows evaluation.',
            flows: {
              clientCredentials: {
                tokenUrl: `${publicUrl}/oauth/token`,
                scopes: { ...SCOPE_DESCRIPTIONS },
              },
            },
          },
        },
        examples: errorExamples(operations, publicUrl),
      },
    },
    {
      // Response objects are strict in zod, so the contract tests reject any field the document
      // does not name. The published document leaves them open: the versioning policy adds
      // fields within v1, and clients must tolerate them.
      override: ({ jsonSchema, io }) => {
        if (io === 'output' && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
        openEnum(jsonSchema as Record<string, unknown>, openEnums ? io : 'input');
      },
    },
  );
}

/**
 * Codes the versioning policy lets grow (statuses, error, warning, event and actor codes), marked
 * `x-open-enum` on their schemas: in answers they are open enums the way generators read them — any
 * string, with the known values listed (`anyOf` of the enum and a string; openapi-typescript
 * renders it as the known values `| string`). A client must handle a value it does not know.
 */
function openEnum(schema: Record<string, unknown>, io: 'input' | 'output') {
  if (!schema['x-open-enum']) return;
  delete schema['x-open-enum'];
  if (io !== 'output' || !Array.isArray(schema.enum)) return;
  const known = { type: 'string', enum: schema.enum };
  delete schema.enum;
  delete schema.type;
  schema.anyOf = [known, { type: 'string', description: 'A value added after this version of the document.' }];
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

let cached: { publicUrl: string; document: OpenApiDocument; json: string } | undefined;

/** The document of this installation, built once per process. */
export function openApiDocument(): { document: OpenApiDocument; json: string } {
  if (cached?.publicUrl !== env.publicUrl) {
    const document = buildOpenApiDocument(env.publicUrl);
    cached = { publicUrl: env.publicUrl, document, json: JSON.stringify(document) };
  }
  return cached;
}
