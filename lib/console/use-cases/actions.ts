import 'server-only';
import type { OperatorActionRow } from '@/db/repositories/dealers';

/** One entry of the record of operators' changes, as the dealer and employer pages show it. */
export type { OperatorActionRow };
