import { z } from 'zod';

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
