import { FIRMWARE_RULES, type FirmwareKind } from '@portal/contract';

/**
 * What differs between the three pages (spec 001 section 2): paths and file type; their titles and the rollout
 * dialog's are `kinds.{kind}` of the catalogue (locales/).
 */
export interface KindPage {
  kind: FirmwareKind;
  accept: string;
  /** The versions shown per customer (spec: 'versions of type RASPI', 'CustomerFW'). */
  typeLabel: string;
  allPath: string;
  latestPath: string;
  latestKey: 'fileStores' | 'customerFWFileStore' | 'partialOSFileStore';
  uploadPath: string;
  applyPath: string;
  deletePath: string;
  /** The type sent with an apply (spec 001 section 3). */
  applyType: string;
}

export const KIND_PAGES: Record<FirmwareKind, KindPage> = {
  firmware: {
    kind: 'firmware',
    accept: '.pyc',
    typeLabel: 'RASPI',
    allPath: '/api/getAllFirmwareVersions/',
    latestPath: '/api/scope/latest-versions',
    latestKey: 'fileStores',
    uploadPath: '/v1/auth-service/file-storage',
    applyPath: '/api/apply-firmware',
    deletePath: '/api/deleteFirmwareVersions',
    applyType: FIRMWARE_RULES.firmware.type,
  },
  customerFw: {
    kind: 'customerFw',
    accept: '.zip',
    typeLabel: 'CustomerFW',
    allPath: '/api/getAllCustomerFwVersions/',
    latestPath: '/api/scope/latest-versions-for-customer-fw',
    latestKey: 'customerFWFileStore',
    uploadPath: '/v1/auth-service/customer-firmware-file',
    applyPath: '/api/update-Cfw',
    deletePath: '/api/deleteCfwVersions',
    applyType: FIRMWARE_RULES.customerFw.type,
  },
  osPatch: {
    kind: 'osPatch',
    accept: '.zip',
    typeLabel: 'Partial',
    allPath: '/api/getAllOSPatchVersions/',
    latestPath: '/api/scope/latest-versions-for-partial-os',
    latestKey: 'partialOSFileStore',
    uploadPath: '/v1/auth-service/partial-os-file',
    applyPath: '/api/update-Os',
    deletePath: '/api/deleteOSVersions',
    applyType: FIRMWARE_RULES.osPatch.type,
  },
};
