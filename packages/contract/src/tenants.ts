/** Tenant kinds (DESIGN.md section 8): fixed tenants the spec names by role, seeded or created. */
export const TENANT_KIND = {
  root: 'root',
  provider: 'provider',
  support: 'support',
  freeTier: 'free_tier',
  enterprise: 'enterprise',
  customer: 'customer',
} as const;
export type TenantKind = (typeof TENANT_KIND)[keyof typeof TENANT_KIND];
