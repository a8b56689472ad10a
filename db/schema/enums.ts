import 'server-only';
import { pgEnum } from 'drizzle-orm/pg-core';
import { ACTOR_TYPES, CATEGORY_KINDS, ENVIRONMENTS, INVOICE_STATUSES, OFFER_STATUSES, PURCHASE_ORDER_STATUSES, USER_ROLES } from '@/lib/shared/model';

export const environmentEnum = pgEnum('environment', ENVIRONMENTS);

export const offerStatusEnum = pgEnum('offer_status', OFFER_STATUSES);

export const actorTypeEnum = pgEnum('actor_type', ACTOR_TYPES);

export const categoryKindEnum = pgEnum('category_kind', CATEGORY_KINDS);

export const userRoleEnum = pgEnum('user_role', USER_ROLES);

export const purchaseOrderStatusEnum = pgEnum('purchase_order_status', PURCHASE_ORDER_STATUSES);

export const invoiceStatusEnum = pgEnum('invoice_status', INVOICE_STATUSES);
