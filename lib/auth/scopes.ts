import { SCOPES, type Scope } from '@/lib/shared/model';

export { SCOPES, type Scope };

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'offers:read': 'Read offers and their history',
  'offers:write': 'Create, update and cancel offers; sandbox steps',
  'catalogue:read': 'Read the leasable categories',
  'webhooks:read': 'Read webhook endpoints and their deliveries',
  'webhooks:write': 'Register, change and delete webhook endpoints; rotate secrets; re-send deliveries',
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
