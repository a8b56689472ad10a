import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

// Answers checked against the published OpenAPI document (/v1/openapi.json) by a validator that is
// not ours: Ajv with the JSON Schema 2020-12 dialect of OpenAPI 3.1 and the standard formats. The
// project's own contract check (lib/openapi/contract.ts) reads the zod schemas the document is made
// from; this one reads only the document, as a partner's tooling does.

type Json = Record<string, any>;

export type RecordedAnswer = { method: string; url: string; status: number; contentType: string; text: string };

const DOC_ID = 'https://spoke.invalid/openapi.json';
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export function documentValidator(document: Json) {
  // OpenAPI's own keywords (example, discriminator, x-…) are annotations here, not errors.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOC_ID });
  const paths = Object.keys(document.paths as Json).map((p) => ({
    path: p,
    pattern: new RegExp(`^${p.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
    statics: p.split('/').filter((s) => !s.startsWith('{')).length,
  }));
  const cache = new Map<string, ReturnType<typeof ajv.compile>>();

  /** The template of a path (`/v1/offers/{id}`); a static segment wins over a parameter. */
  const templateOf = (pathname: string) =>
    paths.filter((p) => p.pattern.test(pathname)).sort((a, b) => b.statics - a.statics)[0]?.path;

  /** What is wrong with an answer, by the document; empty when nothing is. */
  function problems(answer: RecordedAnswer): string[] {
    const url = new URL(answer.url, 'http://spoke.invalid');
    const template = templateOf(url.pathname);
    if (!template) return answer.status === 404 ? [] : [`${url.pathname} is not in the document but answered ${answer.status}`];
    const operation = (document.paths as Json)[template]?.[answer.method.toLowerCase()] as Json | undefined;
    if (!operation) return answer.status === 405 ? [] : [`${answer.method} ${template} is not in the document but answered ${answer.status}`];
    const key = String(answer.status) in operation.responses ? String(answer.status) : 'default';
    const response = operation.responses[key] as Json | undefined;
    if (!response) return [`${operation.operationId}: status ${answer.status} is not declared (${Object.keys(operation.responses).join(', ')})`];
    const type = answer.contentType.split(';')[0]!.trim().toLowerCase();
    if (!response.content) return answer.text === '' ? [] : [`${operation.operationId} ${answer.status}: declared without a body, answered one`];
    if (!(type in response.content)) return [`${operation.operationId} ${answer.status}: content type ${type} is not declared`];
    if (type !== 'application/json') return [];
    const ref = `${DOC_ID}#/${pointer('paths', template, answer.method.toLowerCase(), 'responses', key, 'content', type, 'schema')}`;
    let validate = cache.get(ref);
    if (!validate) cache.set(ref, (validate = ajv.compile({ $ref: ref })));
    if (validate(JSON.parse(answer.text))) return [];
    return (validate.errors ?? []).map((e) => `${operation.operationId} ${answer.status}: body${e.instancePath} ${e.message} (${e.schemaPath})`);
  }
  return { problems, templateOf };
}
