import { type ApplyResponse, applyResponse, type FirmwareKind } from '@portal/contract';
import { apiRequest } from '../../../lib/api.ts';
import { KIND_PAGES } from '../firmware-kinds.ts';

/** PUT /api/apply-firmware/fileStoreId/{id}/scopeId/{id} (and update-Cfw, update-Os): payload scopes, fileStoreId, type. */
export function applyFirmware(
  kind: FirmwareKind,
  fileStoreId: string,
  scopeId: string,
): Promise<ApplyResponse> {
  const page = KIND_PAGES[kind];
  return apiRequest(
    `${page.applyPath}/fileStoreId/${encodeURIComponent(fileStoreId)}/scopeId/${encodeURIComponent(scopeId)}`,
    {
      method: 'PUT',
      body: { scopes: { [scopeId]: [] }, fileStoreId, type: page.applyType },
      schema: applyResponse,
    },
  );
}
