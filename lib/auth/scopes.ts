export const SCOPES = ['offers:read', 'offers:write', 'catalogue:read'] as const;
export type Scope = (typeof SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'offers:read': 'Read offers and their history',
  'offers:write': 'Create, update and cancel offers; sandbox steps',
  'catalogue:read': 'Read the leasable categories',
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
