import { z } from 'zod';
import { CONTROL_CHARACTERS } from '@/lib/shared/validation';

// Request bodies of the staff-account endpoints (console invitations, the portal's password
// forms). Messages are keys of validationTexts (lib/i18n/messages.ts), as in the other schemas.

export const inviteSchema = z.object({
  email: z.string('type').trim().max(255, 'tooLong').pipe(z.email('email')),
  name: z.string('type').trim().min(1, 'tooShort').max(200, 'tooLong').refine((v) => !CONTROL_CHARACTERS.test(v), 'controlCharacter'),
  lang: z.enum(['de', 'en'], 'oneOf').default('de'),
});
export type InviteBody = z.input<typeof inviteSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string('type').max(1024, 'tooLong'),
  newPassword: z.string('type').max(1024, 'tooLong'),
});

export const resetRequestSchema = z.object({ email: z.string('type').trim().max(255, 'tooLong').pipe(z.email('email')) });

export const setPasswordSchema = z.object({
  token: z.string('type').max(100, 'tooLong'),
  password: z.string('type').max(1024, 'tooLong'),
});
