import { z } from 'zod';

/**
 * Gateway firmware (.pyc), customer firmware apps (.zip) and OS patches (.zip): spec 001 sections 2-9.
 * One table of the three kinds keeps their file-name rules, types and texts together; the server and the
 * pages read the same rules.
 */
export const FIRMWARE_KINDS = ['firmware', 'customerFw', 'osPatch'] as const;
export type FirmwareKind = (typeof FIRMWARE_KINDS)[number];
export const firmwareKind = z.enum(FIRMWARE_KINDS);

/** Spec 001 section 5 and 9: a description holds at most 20 characters. */
export const FIRMWARE_DESCRIPTION_MAX = 20;
/** Spec 001 section 9: apply stagger and polling, page reload after a firmware event, message display. */
export const FIRMWARE_TIMINGS = {
  applyFirstMs: 1000,
  applyStaggerMs: 500,
  pollMs: 1000,
  reloadAfterEventMs: 1000,
  errorDisplayMs: 2000,
} as const;
/** The largest file the portal takes by default (FIRMWARE_MAX_BYTES on the server changes it). */
export const FIRMWARE_DEFAULT_MAX_BYTES = 100 * 1024 * 1024;

export const FIRMWARE_INVALID_NAME = 'Invalid version number or file name';

interface KindRules {
  /** The type recorded with each version (spec 001 section 3). */
  type: 'RASPI' | 'CustomerFW' | 'Partial';
  /** The upload info's name (spec 001 section 3). */
  uploadName: 'Generic' | 'GenericCFW' | 'GenericOSPatch';
  extension: '.pyc' | '.zip';
  /** The file-name pattern; its first group is the version as written. */
  pattern: RegExp;
  /** Words the messages use for this kind. */
  label: string;
  messages: {
    exists: string;
    downgrade: string;
    uploaded: string;
    uploadFailed: string;
    deleted: string;
    deleteFailed: string;
    appliedFor: (n: number) => string;
    appliedAndFailed: (n: number, m: number) => string;
    appliedOne: (customer: string) => string;
    applyFailedOne: (customer: string) => string;
    updatedFor: (customer: string) => string;
  };
}

export const FIRMWARE_RULES: Record<FirmwareKind, KindRules> = {
  firmware: {
    type: 'RASPI',
    uploadName: 'Generic',
    extension: '.pyc',
    pattern: /^CRB_mdm-agent_Generic_iot\.(\d{4}-\d{2}-\d{2})_[A-Za-z0-9]+\.cpython-\d{2,3}\.pyc$/,
    label: 'Gateway Firmware',
    messages: {
      exists: 'Uploaded Gateway version already exists in the tenant.Please choose APPLY instead of UPLOAD',
      downgrade: 'You cannot downgrade or apply the same firmware version as the latest',
      uploaded: 'Firmware Uploaded Successfully',
      uploadFailed: 'Failed to Upload Firmware',
      deleted: 'Successfully Deleted Firmware(s)',
      deleteFailed: 'Failed to Delete Firmware',
      appliedFor: (n) => `Firmware applied for ${n} tenants`,
      appliedAndFailed: (n, m) => `Firmware applied for ${n} tenants and failed to apply for ${m} tenants`,
      appliedOne: (c) => `Successfully applied Firmware for ${c}`,
      applyFailedOne: (c) => `Failed to apply Firmware for ${c}`,
      updatedFor: (c) => `Firmware updated successfully for ${c}`,
    },
  },
  customerFw: {
    type: 'CustomerFW',
    uploadName: 'GenericCFW',
    extension: '.zip',
    pattern: /^Customer_firmware_V(\d{2}\.\d+)\.zip$/,
    label: 'Customer Firmware',
    messages: {
      exists:
        'Uploaded Customer Firmware version already exists in the tenant.Please choose APPLY instead of UPLOAD',
      downgrade: 'You cannot downgrade or apply the same Customer Firmware version as the latest.',
      uploaded: 'Customer Firmware Uploaded Successfully',
      uploadFailed: 'Failed to Upload Customer Firmware',
      deleted: 'Successfully Deleted selected Customer Firmware Versions',
      deleteFailed: 'Failed to Delete Customer Firmware versions',
      appliedFor: (n) => `Customer FW applied for ${n} tenants`,
      appliedAndFailed: (n, m) => `Customer FW applied for ${n} tenants and failed to apply for ${m} tenants`,
      appliedOne: (c) => `Successfully applied Customer FW for ${c}`,
      applyFailedOne: (c) => `Failed to apply Customer FW for ${c}`,
      updatedFor: (c) => `Customer Firmware updated successfully for ${c}`,
    },
  },
  osPatch: {
    type: 'Partial',
    uploadName: 'GenericOSPatch',
    extension: '.zip',
    pattern: /^Generic_iot_partial_update_[A-Za-z0-9]+_V(\d{2}\.\d{2})\.zip$/,
    label: 'OS Patch',
    messages: {
      exists: 'Uploaded OS version already exists in the tenant.Please choose APPLY instead of UPLOAD',
      downgrade: 'You cannot downgrade or apply the same OS version as the latest.',
      uploaded: 'OS Patch Uploaded Successfully',
      uploadFailed: 'Failed to Upload OS Patch',
      deleted: 'Successfully Deleted OS Patch(es)',
      deleteFailed: 'Failed to Delete OS Patch',
      appliedFor: (n) => `OS Patch applied for ${n} tenants`,
      appliedAndFailed: (n, m) => `OS Patch applied for ${n} tenants and failed to apply for ${m} tenants`,
      appliedOne: (c) => `Successfully applied OS Patch for ${c}`,
      applyFailedOne: (c) => `Failed to apply OS Patch for ${c}`,
      updatedFor: (c) => `OS Patch updated successfully for ${c}`,
    },
  },
};

/** A rollout not finished (running or paused) that uses a version asked to be deleted. */
export interface RolloutInTheWay {
  version: string;
  status: 'running' | 'paused';
  customer: string;
}

/**
 * Ours (the spec gives only 'Failed to Delete ...'): why versions were not deleted, naming each rollout that
 * still uses one; nothing of the list is deleted. 'OS Patch 01.02 is used by the running rollout to Acme. ...'
 */
export function versionsInUseMessage(kind: FirmwareKind, rollouts: readonly RolloutInTheWay[]): string {
  const uses = rollouts.map(
    (r) => `${FIRMWARE_RULES[kind].label} ${r.version} is used by the ${r.status} rollout to ${r.customer}`,
  );
  const them = rollouts.length === 1 ? 'it' : 'them';
  return `${uses.join('; ')}. Cancel ${them} or let ${them} finish before deleting.`;
}

/** Customer firmware upload failures the spec words apart (001 section 8). */
export const CUSTOMER_FW_UPLOAD_APPLY_FAILED = {
  one: (customer: string) => `Failed to apply Customer Firmware for ${customer}`,
  many: (n: number) => `Failed to apply Customer Firmware for ${n} customers`,
};

function isCalendarDate(text: string): boolean {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/**
 * The version a file name carries, or null when the name breaks the kind's rule (spec 001 section 5):
 * gateway firmware 'CRB_mdm-agent_Generic_iot.2024-05-17_PROD.cpython-39.pyc' gives '20240517' (a real date
 * only); customer firmware 'Customer_firmware_V12.3.zip' gives '12.3'; an OS patch
 * 'Generic_iot_partial_update_prod_V01.02.zip' gives '01.02'.
 */
export function versionFromFileName(kind: FirmwareKind, fileName: string): string | null {
  const match = FIRMWARE_RULES[kind].pattern.exec(fileName);
  if (!match) return null;
  const written = match[1] as string;
  if (kind === 'firmware') return isCalendarDate(written) ? written.replaceAll('-', '') : null;
  return written;
}

/** A number that orders versions of one kind: 20240517, 12.3, 1.02. */
export function versionOrder(version: string): number {
  return Number(version);
}

/** One stored version (spec 001 section 3, 'file store'), with its size and SHA-256. */
export const fileStore = z.object({
  id: z.string(),
  version: z.string(),
  /** Upload time, ISO 8601. */
  date: z.string(),
  description: z.string(),
  type: z.string(),
  name: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});
export type FileStore = z.infer<typeof fileStore>;

/** The versions applied to each customer (scope id -> versions, latest first). */
export const versionsByScope = z.record(z.string(), z.array(fileStore));
export const latestFirmwareResponse = z.object({ fileStores: versionsByScope });
export const latestCustomerFwResponse = z.object({ customerFWFileStore: versionsByScope });
export const latestOsResponse = z.object({ partialOSFileStore: versionsByScope });
export const allVersionsResponse = z.array(fileStore);

const description = z.string().max(FIRMWARE_DESCRIPTION_MAX);

/**
 * The upload's `info` part (spec 001 section 3): scopes is a map of scope id to list for gateway firmware and
 * OS patches, a list of one-key objects for customer firmware; both are accepted for every kind.
 */
export const uploadInfo = z.object({
  name: z.string().max(40).optional(),
  fileName: z.string().max(200).optional(),
  type: z.string().max(20).optional(),
  version: z.string().max(40).optional(),
  scopes: z
    .union([z.record(z.string(), z.array(z.unknown())), z.array(z.record(z.string(), z.array(z.unknown())))])
    .optional(),
  description: description.optional(),
});
export type UploadInfo = z.infer<typeof uploadInfo>;

/** The scope ids an upload info or an apply body names. */
export function scopeIdsOf(scopes: UploadInfo['scopes']): string[] {
  if (!scopes) return [];
  const keys = Array.isArray(scopes) ? scopes.flatMap((s) => Object.keys(s)) : Object.keys(scopes);
  return [...new Set(keys)];
}

export const uploadResponse = fileStore.extend({ scopes: z.array(z.string()) });
export type UploadResponse = z.infer<typeof uploadResponse>;

/** Apply payload (spec 001 section 3): scopes keyed by scope id, fileStoreId, type. */
export const applyBody = z.object({
  scopes: z.record(z.string(), z.array(z.unknown())).optional(),
  fileStoreId: z.string().max(100).optional(),
  type: z.string().max(20).optional(),
});
export const applyParams = z.object({ fileStoreId: z.string().max(100), scopeId: z.string().max(100) });

/** Delete: the list of versions (a bare JSON array, or { versions }). */
export const deleteVersionsBody = z.union([
  z.array(z.string().max(40)).min(1).max(500),
  z.object({ versions: z.array(z.string().max(40)).min(1).max(500) }),
]);
export const deleteVersionsResponse = z.object({ deleted: z.array(z.string()) });

/** What applying a version to one customer answers: the version, and the rollout it started. */
export const applyResponse = z.object({
  scopeId: z.string(),
  fileStoreId: z.string(),
  version: z.string(),
  type: z.string(),
  rolloutId: z.string(),
  gateways: z.number().int(),
});
export type ApplyResponse = z.infer<typeof applyResponse>;
