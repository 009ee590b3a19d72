import { deleteVersionsResponse, type FirmwareKind } from '@portal/contract';
import { apiRequest } from '../../../lib/api.ts';
import { KIND_PAGES } from '../firmware-kinds.ts';

/** PUT /api/deleteFirmwareVersions (and deleteCfwVersions, deleteOSVersions): the list of versions. */
export function deleteFirmwareVersions(kind: FirmwareKind, versions: string[]) {
  return apiRequest(KIND_PAGES[kind].deletePath, {
    method: 'PUT',
    body: versions,
    schema: deleteVersionsResponse,
  });
}
