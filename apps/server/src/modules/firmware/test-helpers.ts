import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FirmwareKind } from '@portal/contract';
import type { Portal, TestPortal } from '../../../test/harness.ts';
import { multipartBody } from '../files/test-images.ts';

export const UPLOAD_PATH: Record<FirmwareKind, string> = {
  firmware: '/v1/auth-service/file-storage',
  customerFw: '/v1/auth-service/customer-firmware-file',
  osPatch: '/v1/auth-service/partial-os-file',
};
export const ALL_PATH: Record<FirmwareKind, string> = {
  firmware: '/api/getAllFirmwareVersions/',
  customerFw: '/api/getAllCustomerFwVersions/',
  osPatch: '/api/getAllOSPatchVersions/',
};
export const APPLY_PATH: Record<FirmwareKind, string> = {
  firmware: '/api/apply-firmware',
  customerFw: '/api/update-Cfw',
  osPatch: '/api/update-Os',
};
export const DELETE_PATH: Record<FirmwareKind, string> = {
  firmware: '/api/deleteFirmwareVersions',
  customerFw: '/api/deleteCfwVersions',
  osPatch: '/api/deleteOSVersions',
};
export const LATEST_PATH: Record<FirmwareKind, [string, string]> = {
  firmware: ['/api/scope/latest-versions', 'fileStores'],
  customerFw: ['/api/scope/latest-versions-for-customer-fw', 'customerFWFileStore'],
  osPatch: ['/api/scope/latest-versions-for-partial-os', 'partialOSFileStore'],
};

/** The calls of the firmware pages as a browser holding `cookie` makes them. */
export function firmwareCalls(portal: Pick<Portal, 'app'>) {
  const upload = (
    cookie: string,
    kind: FirmwareKind,
    fileName: string,
    data: Buffer,
    info?: Record<string, unknown> | string,
  ) => {
    const parts: Parameters<typeof multipartBody>[0] = [
      ...(info === undefined
        ? []
        : [{ name: 'info', value: typeof info === 'string' ? info : JSON.stringify(info) }]),
      { name: 'upload', filename: fileName, contentType: 'application/octet-stream', data },
    ];
    const { body, contentType } = multipartBody(parts);
    return portal.app.inject({
      method: 'POST',
      url: UPLOAD_PATH[kind],
      headers: { cookie, 'content-type': contentType },
      payload: body,
    });
  };
  const apply = (
    cookie: string,
    kind: FirmwareKind,
    fileStoreId: string,
    scopeId: string,
    payload: Record<string, unknown> = {},
  ) =>
    portal.app.inject({
      method: 'PUT',
      url: `${APPLY_PATH[kind]}/fileStoreId/${fileStoreId}/scopeId/${scopeId}`,
      headers: { cookie },
      payload: { scopes: { [scopeId]: [] }, fileStoreId, ...payload },
    });
  const all = (cookie: string, kind: FirmwareKind) =>
    portal.app.inject({ method: 'GET', url: ALL_PATH[kind], headers: { cookie } });
  const latest = async (cookie: string, kind: FirmwareKind) => {
    const [url, key] = LATEST_PATH[kind];
    const response = await portal.app.inject({ method: 'GET', url, headers: { cookie } });
    return {
      response,
      byScope: (response.json() as Record<string, Record<string, { version: string }[]>>)[key] ?? {},
    };
  };
  const remove = (cookie: string, kind: FirmwareKind, versions: string[]) =>
    portal.app.inject({
      method: 'PUT',
      url: DELETE_PATH[kind],
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(versions),
    });
  return { upload, apply, all, latest, remove };
}

/** The firmware files in the portal's storage directory. */
export async function storedFirmware(portal: TestPortal): Promise<string[]> {
  const dir = join(portal.config.DATA_DIR, 'files', 'firmware');
  const names: string[] = [];
  for (const kind of ['firmware', 'customerFw', 'osPatch']) {
    try {
      names.push(...(await readdir(join(dir, kind))).map((n) => `${kind}/${n}`));
    } catch {
      // none of this kind yet
    }
  }
  return names.sort();
}
