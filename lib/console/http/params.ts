import 'server-only';
import { z } from 'zod';

// Path parameters of the console's endpoints.
export const uuidParam = z.uuid('uuid');
export const clientIdParam = z.string('type').regex(/^[A-Za-z0-9._-]{1,100}$/, 'invalid');
