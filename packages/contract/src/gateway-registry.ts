import { z } from 'zod';
import { offlineGatewaySelection } from './gateway-list.ts';
import { macId, normalizeMac } from './mac.ts';

/**
 * The gateway registry (docs/gateway-operations.md, "Registry"): registration, edit, moves between customers
 * and deletion of offline gateways. Rules of spec 001 section 5, texts of section 8.
 */

export const GATEWAY_NAME_MAX_LENGTH = 40;
/** Street, city, state (and country). */
export const ADDRESS_FIELD_MAX_LENGTH = 40;
export const ZIP_MAX_LENGTH = 20;
/** The earliest manufactured date, as the date picker shows it. */
export const MANUFACTURED_MIN_DAY = '2022-01-01';
export const MANUFACTURED_MIN_MS = Date.UTC(2022, 0, 1);
/** Tags: letters, digits and _-;#@ only. */
export const TAG_PATTERN = /^[A-Za-z0-9_\-;#@]+$/;
export const TAG_MAX_LENGTH = 40;
export const MAX_TAGS = 50;
/** Offline gateways deleted in one call (the 'All' preset of a large fleet). */
export const MAX_OFFLINE_GATEWAYS_PER_DELETE = 10_000;
/** Gateways the card grid asks recent data for at once (the visible cards). */
export const MAX_RECENT_DATA_MACS = 100;

export const gatewayRegistryMessages = {
  registered: 'Successfully Registered',
  registerFailed: 'Failed to register',
  updated: 'Successfully updated details',
  updateFailed: 'Failed to updated details',
  migrated: (mac: string) => `Successfully migrated ${mac} device`,
  migrateFailed: (mac: string) => `Failed to migrate ${mac} device`,
  deleted: 'Successfully Deleted Gateway(s)',
  deleteFailed: 'Failed to Delete Gateway(s)',
  /** Gateway Information panel / Configuration dialog results. */
  detailsMoved: 'The device details have been successfully moved',
  detailsUpdated: 'The device details have been successfully updated',
  detailsFailed: 'Error in updating gateway details',
  // Our wording: the spec gives none for these.
  readOnly: 'Read only: changing a gateway needs the Devices Write permission.',
  nameRequired: 'Gateway name is required.',
  nameTooLong: `At most ${GATEWAY_NAME_MAX_LENGTH} characters.`,
  addressTooLong: `At most ${ADDRESS_FIELD_MAX_LENGTH} characters.`,
  zipTooLong: `At most ${ZIP_MAX_LENGTH} characters.`,
  manufacturedRequired: 'Manufactured date is required.',
  manufacturedTooEarly: 'The manufactured date cannot be before 01/01/2022.',
  manufacturedInFuture: 'The manufactured date cannot be after today.',
  tagInvalid: 'Tags may only contain letters, digits and _-;#@',
  tagTooLong: `A tag has at most ${TAG_MAX_LENGTH} characters.`,
  tagDuplicate: 'This tag is already added.',
  tooManyTags: `At most ${MAX_TAGS} tags.`,
  nothingChanged: 'Nothing has changed.',
  alreadyRegistered: 'This gateway is already registered.',
  onlyUnregistered: 'Only an unregistered gateway can be moved here.',
  sameCustomer: 'The gateway already belongs to this customer.',
  notATarget: 'Gateways cannot be moved to this customer.',
  /** Ours: the free-tier scope and the support tenant hold no gateways, however they would arrive. */
  notAProvisionTarget: 'Gateways cannot be provisioned into this customer.',
  /** Ours: the answer of rotate-credential. */
  credentialRotated: 'New credential issued: the previous one no longer works.',
} as const;

const m = gatewayRegistryMessages;

/** A MAC as typed ('aa:bb:..', 'AA-BB-..' or 'AABB..'), checked in its canonical form. */
export const typedMac = z.preprocess(
  (value) => (typeof value === 'string' ? (normalizeMac(value) ?? value) : value),
  macId,
);

export const gatewayName = z
  .string()
  .trim()
  .min(1, m.nameRequired)
  .max(GATEWAY_NAME_MAX_LENGTH, m.nameTooLong);

const addressField = z.string().trim().max(ADDRESS_FIELD_MAX_LENGTH, m.addressTooLong);

/** The address entered at registration; LAT/LNG may be given too (the device usually reports them). */
export const gatewayAddress = z.object({
  SRT: addressField.optional(),
  CTY: addressField.optional(),
  STATE: addressField.optional(),
  CNTRY: addressField.optional(),
  ZCODE: z.string().trim().max(ZIP_MAX_LENGTH, m.zipTooLong).optional(),
  LAT: z.number().min(-90).max(90).optional(),
  LNG: z.number().min(-180).max(180).optional(),
});
export type GatewayAddress = z.infer<typeof gatewayAddress>;

/**
 * The latest manufactured date allowed at `now`: today in any time zone. A date is stored as 00:00 UTC of the
 * chosen day, and a user east of UTC may already be on a day that has not begun in UTC.
 */
export const latestManufacturedMs = (now = Date.now()) => now + 14 * 3600_000;

/** The day a user picks ('2024-05-01') as the stored epoch ms (00:00 UTC), and back. */
export const manufacturedDayToMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const msToManufacturedDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** CRTD: a manufactured date from 2022-01-01 to today, epoch ms. */
export const manufacturedDate = z
  .number({ error: m.manufacturedRequired })
  .int()
  .min(MANUFACTURED_MIN_MS, m.manufacturedTooEarly)
  .refine((ms) => ms <= latestManufacturedMs(), m.manufacturedInFuture);

export const gatewayTag = z.string().max(TAG_MAX_LENGTH, m.tagTooLong).regex(TAG_PATTERN, m.tagInvalid);

/** The first duplicate tag, or null. */
export function duplicateTag(tags: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const tag of tags) {
    if (seen.has(tag)) return tag;
    seen.add(tag);
  }
  return null;
}

export const gatewayTags = z
  .array(gatewayTag)
  .max(MAX_TAGS, m.tooManyTags)
  .refine((tags) => duplicateTag(tags) === null, m.tagDuplicate);

/** PUT /api/gateway/register-gateway: creates the record, or completes an unregistered one (REG 0 -> 1). */
export const registerGatewayBody = z.object({
  MAC: typedMac,
  NAME: gatewayName,
  /** The owning customer. */
  SID: z.string().uuid(),
  CRTD: manufacturedDate,
  tags: gatewayTags.default([]),
  LCTN: gatewayAddress.default({}),
  /** Sent by the form; registration always ends with REG 1. */
  REG: z.union([z.literal(0), z.literal(1)]).optional(),
  /** Sent by the form; the device reports its hotspot itself, so it seeds a new record only. */
  HS: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type RegisterGatewayBody = z.infer<typeof registerGatewayBody>;

/** PUT /api/update-gateway/{MAC}: what the edit form and the Configuration dialog change; the rest stays. */
export const updateGatewayBody = z.object({
  NAME: gatewayName.optional(),
  SID: z.string().uuid().optional(),
  CRTD: manufacturedDate.optional(),
  tags: gatewayTags.optional(),
  LCTN: gatewayAddress.optional(),
});
export type UpdateGatewayBody = z.infer<typeof updateGatewayBody>;

export const updateGatewayParams = z.object({ MAC: typedMac });

export const assignScopeParams = z.object({ id: z.string().uuid(), scopeId: z.string().uuid() });

/** POST /api/migrateGateway: deviceId is the gateway's id (its MAC is accepted too). */
export const migrateGatewayBody = z.object({
  deviceId: z.string().min(1).max(64),
  scopeId: z.string().uuid(),
});

/**
 * `offlineGateways`: the MACs to delete (at least one unless `select` is given). `select` (the 'Select Gateways'
 * menu of a list held by the server): besides those, the offline gateways of the scope the page's search,
 * filters and order select (gateway-list.ts `offlineGatewaySelection`).
 */
export const deleteOfflineGatewaysBody = z
  .object({
    offlineGateways: z.array(typedMac).max(MAX_OFFLINE_GATEWAYS_PER_DELETE),
    scopeId: z.string().uuid(),
    select: offlineGatewaySelection.optional(),
  })
  .refine((body) => body.offlineGateways.length > 0 || body.select !== undefined, {
    path: ['offlineGateways'],
    message: 'Too small: expected array to have >=1 items',
  });

/** Answer of deleteOfflineGateways: the deleted ones, and those refused because they are online. */
export const deleteOfflineGatewaysResult = z.object({
  message: z.string(),
  deleted: z.array(z.string()),
  refused: z.array(z.string()),
});
export type DeleteOfflineGatewaysResult = z.infer<typeof deleteOfflineGatewaysResult>;

/** Answer of the registry writes: the spec's text and the gateway as the fleet views show it. */
export const registryResult = z.object({ message: z.string(), macId: z.string(), scopeId: z.string() });
export type RegistryResult = z.infer<typeof registryResult>;

/**
 * Answer of register-gateway: besides the registry result, the gateway's device credential (its MQTT password,
 * username and client id being the MAC, docs/mqtt.md), freshly issued and given this once: the portal keeps
 * only its digest. Each registration issues a new one; the previous one stops working.
 */
/**
 * `credential`: the device credential issued to a gateway that had none, answered this once; null when the
 * gateway keeps the one it was provisioned with (it may be connected with it right now).
 */
export const registerGatewayResult = registryResult.extend({ credential: z.string().nullable() });
export type RegisterGatewayResult = z.infer<typeof registerGatewayResult>;

/** POST /api/gateway/{id}/rotate-credential: the gateway's id (its MAC is accepted too). */
export const rotateCredentialParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Answer of rotate-credential: the gateway's new device credential, given this once (only its digest is kept).
 * The previous one stopped working when it was issued.
 */
export const rotateCredentialResult = registryResult.extend({ credential: z.string() });
export type RotateCredentialResult = z.infer<typeof rotateCredentialResult>;

/** The 'Rotate credential' action of a gateway's menu (our wording). */
export const rotateCredentialMessages = {
  action: 'Rotate credential',
  title: 'Rotate credential',
  question: (name: string) =>
    `Issue a new credential for ${name}? The current one stops working at once: a gateway connected with it is disconnected and can connect again only with the new one.`,
  confirm: 'Rotate',
  cancel: 'Cancel',
} as const;

/** The Register Gateway dialog's credential step (our wording, after ThingsBoard's 'Device credentials'). */
export const gatewayCredentialMessages = {
  title: 'Device credential',
  shownOnce:
    'Copy this credential now: it is shown only once. The gateway connects with its MAC as client id and username and this credential as password. ',
  copy: 'Copy credential',
  copied: 'Credential copied',
  done: 'Done',
} as const;

/** GET /api/device/recent-data: `macIds` (comma-separated, at most 100) limits it to the visible cards. */
export const recentDataQuery = z.object({
  scopeId: z.string().uuid(),
  macIds: z
    .string()
    .max(MAX_RECENT_DATA_MACS * 13)
    .optional()
    .transform((value) => (value ? value.split(',').filter(Boolean) : undefined))
    .pipe(z.array(macId).max(MAX_RECENT_DATA_MACS).optional()),
});

/** Live message on `portal/{scope}/gateways` of both customers (and their ancestors) when a gateway moves. */
export const deviceMovedMessage = z.object({
  type: z.literal('deviceMoved'),
  id: z.string(),
  macId: z.string(),
  fromScopeId: z.string(),
  toScopeId: z.string(),
});
export type DeviceMovedMessage = z.infer<typeof deviceMovedMessage>;

/** Live message on `portal/{scope}/gateways` when offline gateways were deleted. */
export const gatewaysDeletedMessage = z.object({
  type: z.literal('gatewaysDeleted'),
  macIds: z.array(z.string()),
});
export type GatewaysDeletedMessage = z.infer<typeof gatewaysDeletedMessage>;
