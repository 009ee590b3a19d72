import { type FileStore, type FirmwareKind, versionsByScope } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api.ts';
import { KIND_PAGES } from '../firmware-kinds.ts';

export const latestVersionsKey = (kind: FirmwareKind) => ['firmware', kind, 'latest'] as const;

/**
 * GET /api/scope/latest-versions (fileStores), /latest-versions-for-customer-fw (customerFWFileStore),
 * /latest-versions-for-partial-os (partialOSFileStore): each customer's versions, latest first.
 */
export async function getLatestVersions(
  kind: FirmwareKind,
  signal?: AbortSignal,
): Promise<Record<string, FileStore[]>> {
  const page = KIND_PAGES[kind];
  const schema = z.object({ [page.latestKey]: versionsByScope });
  const body = (await apiRequest(page.latestPath, { schema, signal })) as Record<
    string,
    Record<string, FileStore[]>
  >;
  return body[page.latestKey] ?? {};
}

export const latestVersionsQueryOptions = (kind: FirmwareKind) =>
  queryOptions({
    queryKey: latestVersionsKey(kind),
    queryFn: ({ signal }) => getLatestVersions(kind, signal),
  });

export function useLatestVersions(kind: FirmwareKind) {
  return useQuery(latestVersionsQueryOptions(kind));
}
