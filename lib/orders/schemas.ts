import { z } from 'zod';

// The customer's request bodies (app/api/order/**); messages are keys of validationTexts.

export const customerStepBodySchema = z.object({
  token: z.string('type').max(100, 'tooLong'),
  action: z.enum(['start_order', 'submit_order'], 'oneOf'),
});

export const linkRequestBodySchema = z.object({
  offer: z.string('type').max(100, 'tooLong'),
  email: z.string('type').max(255, 'tooLong'),
});
