import { z } from 'zod';

/** A record's id in a path or query of the API (400 `uuid` when it is not one); its pattern alone is ./validation.ts UUID_PATTERN. */
export const idParamSchema = z.uuid('uuid');
