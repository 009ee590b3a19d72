import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './people.ts';
import { dashboardVariant } from './pump.ts';
import { hasVisibleCharacter } from './text.ts';

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

export const CUSTOMER_STATUS = { active: 'Active', deletePending: 'DELETE_PENDING' } as const;
export const customerStatus = z.enum(['Active', 'DELETE_PENDING']);

/** Scope / tenant / customer (spec 000 section 3). */
export const scope = z.object({
  id: z.string(),
  name: z.string(),
  customerId: z.string(),
  kind: z.string(),
  emailDomain: z.string().nullable(),
  parent: z.string().nullable(),
  ancestors: z.array(z.string()),
  primaryThemeColor: z.string(),
  secondaryThemeColor: z.string(),
  logoUrl: z.string().nullable(),
  favIconUrl: z.string().nullable(),
  status: customerStatus,
  firmwareVersion: z.string().nullable(),
  osVersion: z.string().nullable(),
  osPatch: z.string().nullable(),
  onlineDevicesCount: z.number().int(),
  totalDevicesCount: z.number().int(),
  /** The customer's Dashboard: the fleet (default) or the demo pump screen (docs/dashboards.md). */
  dashboardVariant,
  /**
   * The customers list only (GET /api/customers): how many of the customer's gateways (its subtree's, as the
   * counts) report a firmware, OS or customer app version other than the one assigned to them (docs/rollouts.md).
   */
  versionMismatchCount: z.number().int().optional(),
});
export type Scope = z.infer<typeof scope>;

/** GET /api/hirarchy and /api/hierarchy/scope?scopeId=: a scope and its children, each again a scope. */
export interface HierarchyNode {
  scope: Scope;
  children: HierarchyNode[];
}
/** Registered with an id: the OpenAPI document can only describe a recursive schema as a component. */
export const hierarchyNode: z.ZodType<HierarchyNode> = z
  .lazy(() => z.object({ scope, children: z.array(hierarchyNode) }))
  .meta({ id: 'HierarchyNode' });

export const CUSTOMER_FIELD_MAX_LENGTH = 20;
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const THEME_DEFAULTS = { primary: '#4190c7', secondary: '#B0BF5D' } as const;

export const customerMessages = {
  labelRequired: 'Customer Label is required',
  customerIdRequired: 'Customer ID is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  superAdminRequired: 'Super Admin is required',
  /** Our wording for rules whose message the spec does not give. */
  tooLong: 'At most 20 characters.',
  invalidEmail: 'Enter a valid email.',
  invalidColor: 'A colour is #rrggbb.',
  labelReadOnly: 'The customer label cannot be changed.',
  customerIdTaken: 'This Customer ID is already used.',
  labelTaken: 'A customer with this label already exists here.',
  created: 'Successfully created customer instruction',
  createFailed: 'Failed to create customer instruction',
  deleted: 'deleted successfully',
  deleteFailed: (name: string, step: string) => `Failed to delete ${name} customer ${step}`,
  reverted: 'Reverted customer status to Active',
  revertFailed: 'Failed to Change customer status to Active',
  beingDeleted: 'customer is being deleted',
  detailsUpdated: 'Details update successfully',
  themeUpdated: 'Successfully Updated customer',
  themeFailed: 'Failed to  update customer',
  preparingCsv: 'Preparing the CSV',
  imageType: 'The file must be a PNG, JPEG, GIF, WebP or ICO image.',
  imageTooLarge: 'The image must be at most 1 MB.',
} as const;

// A label of zero-width characters alone is as empty as no label: the top bar and breadcrumb would show nothing.
const requiredField = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(CUSTOMER_FIELD_MAX_LENGTH, customerMessages.tooLong)
    .refine(hasVisibleCharacter, message);
const color = z.string().regex(HEX_COLOR, customerMessages.invalidColor);

/** POST /api/createScope. */
export const createScopeBody = z.object({
  name: requiredField(customerMessages.labelRequired),
  customerId: requiredField(customerMessages.customerIdRequired),
  emailDomain: z.string().max(100).optional(),
  parent: z.string().max(100).optional(),
  primaryThemeColor: color.optional(),
  secondaryThemeColor: color.optional(),
  /** Set only on a customer below the caller's own (root: any); left out, it stays as it is ('fleet' when new). */
  dashboardVariant: dashboardVariant.optional(),
});
export type CreateScopeBody = z.input<typeof createScopeBody>;

/** PUT /api/updateScope: the label (name) cannot change; a different one is refused. */
export const updateScopeBody = createScopeBody.extend({ id: z.string().min(1).max(100) });
export type UpdateScopeBody = z.input<typeof updateScopeBody>;

export const scopeIdResponse = z.object({ id: z.string() });

/** The super admin (owner) of a new customer, as the Create Customer dialog asks for it. */
export const superAdminFields = z.object({
  firstName: z.string().trim().min(1, customerMessages.firstNameRequired).max(20, customerMessages.tooLong),
  lastName: z.string().trim().min(1, customerMessages.lastNameRequired).max(20, customerMessages.tooLong),
  email: z
    .string()
    .trim()
    .min(1, customerMessages.superAdminRequired)
    .max(EMAIL_MAX_LENGTH, customerMessages.invalidEmail)
    .regex(EMAIL_PATTERN, customerMessages.invalidEmail)
    .transform((value) => value.toLowerCase()),
});

/**
 * POST /api/createCustomer (ours, issue 30.4): the customer of POST /api/createScope and its super admin (an
 * owner with the Super Admin preset, mailed the link to set a password) in one transaction: both or neither.
 * A super admin e-mail in use answers 409 with `details.field` 'email'.
 */
export const createCustomerBody = createScopeBody.extend({ superAdmin: superAdminFields });
export type CreateCustomerBody = z.input<typeof createCustomerBody>;

/** Multipart POST /v1/auth-service/upload-images-files: logoFile, favIconFile, scopeId, includedFiles. */
export const IMAGE_MAX_BYTES = 1024 * 1024;
export const uploadImagesResponse = z.object({
  logoUrl: z.string().nullable(),
  favIconUrl: z.string().nullable(),
});

export const CUSTOMERS_PAGE_SIZES = [10, 25, 50, 100] as const;
export const CUSTOMER_SORT_FIELDS = [
  'name',
  'customerId',
  'onlineDevicesCount',
  'firmwareVersion',
  'osVersion',
  'osPatch',
] as const;

/**
 * GET /api/customers: the customers list of the root home, paged, sorted and searched on the server
 * (case-insensitive substring over name, firmwareVersion, customerId, osVersion and osPatch).
 * GET /api/customers/csv takes the same filter and answers Customers.csv with exactly those rows.
 */
export const customersQuery = z.object({
  search: z.string().max(100).optional().default(''),
  page: z.coerce.number().int().min(0).max(100000).optional().default(0),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(10),
  sortBy: z.enum(CUSTOMER_SORT_FIELDS).optional().default('name'),
  sortOrder: z.enum(['asc', 'desc']).optional().default('asc'),
});
export type CustomersQuery = z.input<typeof customersQuery>;
export const customersPage = z.object({ customers: z.array(scope), total: z.number().int() });
export type CustomersPage = z.infer<typeof customersPage>;
export const CUSTOMERS_CSV_COLUMNS = [
  'name',
  'customerId',
  'gatewayFirmware',
  'gatewayOS',
  'partialOS',
] as const;

/** Customer deletion (spec 000 section 4): the steps, run by a resumable server job. */
export const DELETION_STEPS = ['markPending', 'removeUsers', 'moveGateways', 'removeScope'] as const;
export type DeletionStep = (typeof DELETION_STEPS)[number];
export const deletionStepLabels: Record<DeletionStep, string> = {
  markPending: 'status',
  removeUsers: 'users',
  moveGateways: 'gateways',
  removeScope: 'scope',
};

/** Live message on the per-scope scopes channel. */
export const scopesLiveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('scopeUpdated'), scope }),
  z.object({ type: z.literal('scopeCreated'), scope }),
  z.object({
    type: z.literal('deletion'),
    id: z.string(),
    state: z.enum(['running', 'done', 'failed']),
    step: z.enum(DELETION_STEPS),
    message: z.string().optional(),
  }),
]);
export type ScopesLiveMessage = z.infer<typeof scopesLiveMessage>;

/** GET /api/getRootTenantId/. */
export const rootTenantResponse = z.object({ rootScopeId: z.string(), rootTenantId: z.string() });
/** GET /api/getGeneralUsersScopeId/. */
export const generalUsersScopeResponse = z.object({ scopeId: z.string() });

/** Portal Configuration: the grey offline areas on graphs (spec 000 sections 2, 3). */
export const graphOption = z.enum(['On', 'Off']);
export const graphConfiguration = z.object({
  scopeId: z.string(),
  graphOption,
  graphGreyShadedOption: z.boolean(),
});
export const graphConfigurations = z.array(graphConfiguration);
export const portalConfigMessages = {
  title: 'Manage Graph Online-Offline Feature',
  applied: 'Configuration Applied Successfully',
  failed: 'Failed to Apply Configuration',
} as const;

/** Global search (spec 000 section 2): at least 3 characters; debounced 2.5 s in the browser. */
export const GLOBAL_SEARCH_MIN_LENGTH = 3;
export const GLOBAL_SEARCH_DEBOUNCE_MS = 2500;
export const globalSearchQuery = z.object({
  search: z.string().trim().min(GLOBAL_SEARCH_MIN_LENGTH).max(100),
  page: z.coerce.number().int().min(0).max(100000).optional().default(0),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(10),
  sortBy: z.enum(['customerName', 'name', 'osVersion', 'fwVersion', 'status']).optional().default('name'),
  sortOrder: z.enum(['asc', 'desc']).optional().default('asc'),
});
export const globalSearchRow = z.object({
  scopeId: z.string(),
  customerName: z.string(),
  macId: z.string(),
  name: z.string(),
  osVersion: z.string().nullable(),
  fwVersion: z.string().nullable(),
  status: z.enum(['Online', 'Offline']),
});
export const globalSearchPage = z.object({ rows: z.array(globalSearchRow), total: z.number().int() });
