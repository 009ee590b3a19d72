import { allVersionsResponse, type FileStore, type FirmwareKind } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { KIND_PAGES } from '../firmware-kinds.ts';

export const firmwareVersionsKey = (kind: FirmwareKind) => ['firmware', kind, 'all'] as const;

/** GET /api/getAllFirmwareVersions/ (and the customer firmware and OS twins): every stored version. */
export function getFirmwareVersions(kind: FirmwareKind, signal?: AbortSignal): Promise<FileStore[]> {
  return apiRequest(KIND_PAGES[kind].allPath, { schema: allVersionsResponse, signal });
}

export const firmwareVersionsQueryOptions = (kind: FirmwareKind) =>
  queryOptions({
    queryKey: firmwareVersionsKey(kind),
    queryFn: ({ signal }) => getFirmwareVersions(kind, signal),
  });

export function useFirmwareVersions(kind: FirmwareKind) {
  return useQuery(firmwareVersionsQueryOptions(kind));
}
