import 'server-only';
import { isFormBody, readOptionalBody } from './body';
import { badRequest, fieldError } from './errors';
import { parseQuery, queryOf } from './params';
import { parseOrThrow } from './validation';
import { unknownFieldsOf } from './warnings';
import type { RequestContext } from './context';
import type { CancelInput } from '@/lib/offers/use-cases/cancel-offer';
import { cancelOfferBodySchema, cancelOfferFormSchema, cancelOfferQuerySchema } from '@/lib/offers/contract/schemas';

const NAMES = ['cancelReason', 'cancelNote', 'contactFromEmployeeRequested'] as const;

/**
 * A cancel's input from the query string (the spec's place) and from the body, if one is sent:
 * each field is read where it is given; given in both with different values, it is refused, and a
 * name the cancel does not know is refused too.
 */
export async function readCancelInput(ctx: RequestContext): Promise<CancelInput> {
  const inQuery = queryOf(ctx.url);
  const raw = await readOptionalBody(ctx.req);
  // A cancel is final: a misspelt field or parameter (`reason` for `cancelReason`) is refused, not
  // ignored, so that nothing is canceled on input that did not count.
  const unknown = [
    ...unknownFieldsOf(cancelOfferQuerySchema, inQuery).map((name) => fieldError('INVALID_PARAMETER', 'unknownCancelInput', name, { values: NAMES.join(', ') })),
    ...unknownFieldsOf(cancelOfferBodySchema, raw).map((name) => fieldError('INVALID_PARAMETER', 'unknownCancelInput', name, { values: NAMES.join(', ') })),
  ];
  if (unknown.length > 0) badRequest(unknown);
  const query = parseQuery(ctx, cancelOfferQuerySchema);
  // A JSON body is typed strictly (a boolean is true or false); form fields are text, as the query.
  const body = parseOrThrow(isFormBody(ctx.req) ? cancelOfferFormSchema : cancelOfferBodySchema, raw);
  const input: CancelInput = { ...query };
  for (const name of NAMES) {
    const value = body[name];
    if (value === undefined) continue;
    if (name in inQuery && query[name] !== value) {
      badRequest([fieldError('INVALID_PARAMETER', 'conflictingValues', name, { query: String(inQuery[name]), body: String(raw[name]) })]);
    }
    Object.assign(input, { [name]: value });
  }
  return input;
}
