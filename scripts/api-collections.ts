import path from 'node:path';
import { buildOpenApiDocument } from '@/lib/openapi/document';

// A Postman collection (v2.1) and an `.http` file (VS Code REST Client) rendered from the OpenAPI
// document, so partners can try every operation without writing a line: the token request first,
// then every operation by tag, with its example body. `tsx scripts/openapi.ts generate` writes them
// to docs/api/; test/api-collections.test.ts fails while the committed files are stale.

export const COLLECTION_DIR = path.resolve(import.meta.dirname, '..', 'docs', 'api');
export const POSTMAN_FILE = path.join(COLLECTION_DIR, 'spoke.postman_collection.json');
export const HTTP_FILE = path.join(COLLECTION_DIR, 'spoke.http');

/** The demo sandbox client (contract, demo data); partners put in their own. */
const DEFAULTS = { baseUrl: 'http://localhost:3000', clientId: 'demo-sandbox', clientSecret: 'demo-sandbox-secret' };

// The document is walked as plain JSON here; its types are not what this file checks.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
type Operation = {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  query: Json[];
  headers: Json[];
  body?: { contentType: string; example: unknown };
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The variable a path parameter stands for: `{id}` of an offer, a webhook, a delivery. */
function pathVariable(apiPath: string, name: string): string {
  if (name === 'deliveryId') return 'deliveryId';
  return apiPath.startsWith('/v1/webhooks') ? 'webhookId' : 'offerId';
}

function operationsOf(document: Json): Operation[] {
  const resolve = (p: Json): Json => (p.$ref ? document.components.parameters[p.$ref.split('/').pop()] : p);
  const out: Operation[] = [];
  for (const [apiPath, item] of Object.entries<Json>(document.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = ((op.parameters ?? []) as Json[]).map(resolve);
      const content = op.requestBody?.content ?? {};
      const contentType = Object.keys(content)[0];
      const examples = contentType ? (content[contentType].examples ?? {}) : {};
      const first = Object.values<Json>(examples)[0];
      out.push({
        method: method.toUpperCase(),
        path: apiPath,
        operationId: op.operationId,
        summary: op.summary,
        description: op.description ?? '',
        tag: op.tags?.[0] ?? 'Other',
        query: params.filter((p) => p.in === 'query'),
        // The headers a caller chooses (Idempotency-Key); not the optional tracing and language ones.
        headers: params.filter((p) => p.in === 'header' && p.required),
        body: contentType ? { contentType, example: first?.value ?? {} } : undefined,
      });
    }
  }
  return out;
}

const isToken = (op: Operation) => op.path === '/oauth/token';

/**
 * An example body that can be sent again and again: a fresh externalOfferId on every send (the
 * example's own would answer 409 the second time) and a delivery date 30 days ahead (a fixed one
 * falls into the past). Both tools resolve `{{$timestamp}}`; the date is the REST Client's
 * `$datetime` or the Postman variable the collection's pre-request script sets.
 */
function sendableBody(example: unknown, style: 'postman' | 'http'): string {
  const fresh = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => fresh(v));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fresh(v, k)]));
    if (key === 'externalOfferId' && typeof value === 'string') return `${value}-{{$timestamp}}`;
    if (key === 'deliveryDate' && typeof value === 'string') return style === 'postman' ? '{{deliveryDate}}' : '{{$datetime iso8601 30 d}}';
    return value;
  };
  return JSON.stringify(fresh(example), null, 2);
}

/** A header's value to send: a fresh Idempotency-Key each time (a fixed one replays the first answer). */
const headerValue = (h: Json): string => (h.name === 'Idempotency-Key' ? '{{$guid}}' : (h.schema?.example ?? ''));

function templatePath(op: Operation, style: 'postman' | 'http'): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => (style === 'postman' ? `:${name}` : `{{${pathVariable(op.path, name)}}}`));
}

function tokenForm(): string {
  return 'grant_type=client_credentials&client_id={{clientId}}&client_secret={{clientSecret}}';
}

/** The Postman collection (schema v2.1.0) of the document. */
export function postmanCollection(document: Json = buildOpenApiDocument(DEFAULTS.baseUrl) as unknown as Json): Json {
  const ops = operationsOf(document);
  const tags: string[] = (document.tags as Json[]).map((t) => t.name);
  const item = (op: Operation): Json => {
    const segments = templatePath(op, 'postman').split('/').filter(Boolean);
    const variables = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ key: m[1], value: `{{${pathVariable(op.path, m[1]!)}}}` }));
    const query = op.query.map((q) => ({ key: q.name, value: '', description: q.description, disabled: true }));
    const request: Json = {
      method: op.method,
      description: op.description,
      header: [
        ...op.headers.map((h) => ({ key: h.name, value: headerValue(h), description: h.description })),
        ...(op.body ? [{ key: 'Content-Type', value: op.body.contentType }] : []),
      ],
      url: {
        raw: `{{baseUrl}}/${segments.join('/')}`,
        host: ['{{baseUrl}}'],
        path: segments,
        ...(query.length > 0 ? { query } : {}),
        ...(variables.length > 0 ? { variable: variables } : {}),
      },
    };
    if (isToken(op)) {
      request.auth = { type: 'noauth' };
      request.body = {
        mode: 'urlencoded',
        urlencoded: [
          { key: 'grant_type', value: 'client_credentials' },
          { key: 'client_id', value: '{{clientId}}' },
          { key: 'client_secret', value: '{{clientSecret}}' },
        ],
      };
    } else if (op.body) {
      request.body = { mode: 'raw', raw: sendableBody(op.body.example, 'postman'), options: { raw: { language: 'json' } } };
    }
    // Creating an offer or a webhook keeps its id for the requests that follow.
    const keeps = op.operationId === 'createOffer' ? 'offerId' : op.operationId === 'createWebhook' ? 'webhookId' : undefined;
    return {
      name: op.summary,
      request,
      ...(keeps
        ? {
            event: [
              {
                listen: 'test',
                script: { type: 'text/javascript', exec: [`if (pm.response.code < 300) pm.collectionVariables.set('${keeps}', pm.response.json().data.id);`] },
              },
            ],
          }
        : {}),
    };
  };
  return {
    info: {
      name: document.info.title,
      description: `Generated from the OpenAPI document (GET /v1/openapi.json, version ${document.info.version}). Set baseUrl, clientId and clientSecret in the collection variables; requests authorize with the OAuth 2.0 client credentials grant. Create an offer first: its id is kept in offerId.`,
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    auth: {
      type: 'oauth2',
      oauth2: [
        { key: 'grant_type', value: 'client_credentials', type: 'string' },
        { key: 'accessTokenUrl', value: '{{baseUrl}}/oauth/token', type: 'string' },
        { key: 'clientId', value: '{{clientId}}', type: 'string' },
        { key: 'clientSecret', value: '{{clientSecret}}', type: 'string' },
        { key: 'client_authentication', value: 'header', type: 'string' },
        { key: 'addTokenTo', value: 'header', type: 'string' },
        { key: 'tokenName', value: 'Spoke', type: 'string' },
      ],
    },
    event: [
      {
        listen: 'prerequest',
        script: {
          type: 'text/javascript',
          exec: [`pm.collectionVariables.set('deliveryDate', new Date(Date.now() + 30 * 86400000).toISOString().slice(0, 10));`],
        },
      },
    ],
    variable: [
      { key: 'baseUrl', value: DEFAULTS.baseUrl },
      { key: 'clientId', value: DEFAULTS.clientId },
      { key: 'clientSecret', value: DEFAULTS.clientSecret },
      { key: 'offerId', value: '' },
      { key: 'webhookId', value: '' },
      { key: 'deliveryId', value: '' },
      { key: 'deliveryDate', value: '' },
    ],
    item: tags
      .map((tag) => ({ name: tag, item: ops.filter((op) => op.tag === tag).map(item) }))
      .filter((folder) => folder.item.length > 0),
  };
}

/** The `.http` file (VS Code REST Client syntax) of the document. */
export function httpFile(document: Json = buildOpenApiDocument(DEFAULTS.baseUrl) as unknown as Json): string {
  const ops = operationsOf(document);
  const lines = [
    `# ${document.info.title} ${document.info.version} — every operation, generated from the OpenAPI document`,
    '# (GET /v1/openapi.json). For the VS Code REST Client: set the variables, send the token request',
    '# first, then "Create an offer": later requests use its id.',
    '',
    `@baseUrl = ${DEFAULTS.baseUrl}`,
    `@clientId = ${DEFAULTS.clientId}`,
    `@clientSecret = ${DEFAULTS.clientSecret}`,
    '@token = {{requestToken.response.body.access_token}}',
    '@offerId = {{createOffer.response.body.data.id}}',
    '@webhookId = {{createWebhook.response.body.data.id}}',
    '@deliveryId = 00000000-0000-4000-8000-000000000000',
    '',
  ];
  const tags: string[] = (document.tags as Json[]).map((t) => t.name);
  for (const tag of tags) {
    for (const op of ops.filter((o) => o.tag === tag)) {
      lines.push(`### ${op.summary}`, `# @name ${op.operationId}`);
      lines.push(`${op.method} {{baseUrl}}${templatePath(op, 'http')}`);
      if (isToken(op)) {
        lines.push('Content-Type: application/x-www-form-urlencoded', '', tokenForm(), '');
        continue;
      }
      if (op.path !== '/v1/openapi.json') lines.push('Authorization: Bearer {{token}}');
      for (const h of op.headers) lines.push(`${h.name}: ${headerValue(h)}`);
      if (op.body) lines.push(`Content-Type: ${op.body.contentType}`, '', sendableBody(op.body.example, 'http'));
      lines.push('');
    }
  }
  return `${lines.join('\n')}\n`;
}
