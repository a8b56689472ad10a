import { pgEnum } from 'drizzle-orm/pg-core';

export const environmentEnum = pgEnum('environment', ['sandbox', 'production']);

export const offerStatusEnum = pgEnum('offer_status', [
  'pending',
  'draft',
  'order_journey_started',
  'employer_decision_pending',
  'operator_decision_pending',
  'done',
  'canceled',
  'rejected',
]);

export const actorTypeEnum = pgEnum('actor_type', ['client', 'user', 'operator', 'system']);

export const categoryKindEnum = pgEnum('category_kind', ['bicycle', 'accessory']);

export const userRoleEnum = pgEnum('user_role', ['dealer', 'operator']);
