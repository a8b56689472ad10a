import { z } from 'zod';
import { bidexCodeSchema, moneySchema } from '@/lib/offers/contract/schemas';
import { CONTROL_CHARACTERS } from '@/lib/shared/validation';
import { textKey } from '@/lib/i18n/text-key';
import { NAME_MAX, PERSONNEL_NUMBER } from './rules/roster-csv';

// The employer face's request bodies (server validation and the face's forms); messages are keys
// of validationTexts (lib/i18n/messages.ts).

export const DECLINE_REASON_MAX = 500;

/** Approve, or decline with a reason the dealer and the employee read. */
export const decisionBodySchema = z
  .object({
    decision: z.enum(['approve', 'decline'], 'oneOf'),
    reason: z.string('type').trim().max(DECLINE_REASON_MAX, 'tooLong').transform((v) => (v ? v : undefined)).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.decision === 'decline' && !body.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
    if (body.decision === 'approve' && body.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'invalid' });
  });
export type DecisionBody = z.infer<typeof decisionBodySchema>;

/** Whether new requests are mailed, and in which language. */
export const mailSettingsSchema = z.object({
  newRequests: z.boolean('type'),
  lang: z.enum(['de', 'en'], 'oneOf'),
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;

const personName = z
  .string('type')
  .trim()
  .min(1, 'required')
  .max(NAME_MAX, 'tooLong')
  .refine((v) => !CONTROL_CHARACTERS.test(v), 'controlCharacter');

/** Letters, digits and `._/-`, at most 30 characters; empty or left out: none. */
const personnelNumber = z
  .string('type')
  .trim()
  .refine((v) => v === '' || PERSONNEL_NUMBER.test(v), 'invalid')
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** A person added to the roster. */
export const employeeBodySchema = z.object({
  email: z.string('type').trim().toLowerCase().max(255, 'tooLong').pipe(z.email('email')),
  name: personName,
  personnelNumber,
});
export type EmployeeBody = z.infer<typeof employeeBodySchema>;

/** A listed person's name and personnel number (the e-mail is who it is). */
export const employeeEditSchema = z.object({ name: personName, personnelNumber });
export type EmployeeEdit = z.infer<typeof employeeEditSchema>;

/** The roster file's text, to check (`apply` false: what it would change) or to apply. */
export const IMPORT_MAX_BYTES = 240 * 1024;
export const importBodySchema = z.object({
  csv: z.string('type').max(IMPORT_MAX_BYTES, 'tooLong'),
  apply: z.boolean('type'),
});

const atOnce = textKey('integerRange', { minimum: 1, maximum: 20 });

/** HR's rules: excluded categories, lowest and highest total, bicycles at once (null: none). */
export const rulesBodySchema = z.object({
  excludedCodes: z.array(bidexCodeSchema, 'type').max(500, 'tooMany'),
  minTotalPriceGross: moneySchema.nullable(),
  maxTotalPriceGross: moneySchema.nullable(),
  maxBicyclesAtOnce: z.number(atOnce).int(atOnce).min(1, atOnce).max(20, atOnce).nullable(),
});
export type RulesBody = z.infer<typeof rulesBodySchema>;
