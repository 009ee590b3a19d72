import { type MaintenanceWindow, maintenanceWindowResponse } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const maintenanceWindowKey = (scopeId: string) => ['firmware', 'maintenance-window', scopeId] as const;

const path = (scopeId: string) => `/api/firmware-maintenance-window?${new URLSearchParams({ scopeId })}`;

/** GET /api/firmware-maintenance-window?scopeId=: the customer's window, or null (updates start any time). */
export async function getMaintenanceWindow(
  scopeId: string,
  signal?: AbortSignal,
): Promise<MaintenanceWindow | null> {
  return (await apiRequest(path(scopeId), { schema: maintenanceWindowResponse, signal })).window;
}

export const maintenanceWindowQueryOptions = (scopeId: string) =>
  queryOptions({
    queryKey: maintenanceWindowKey(scopeId),
    queryFn: ({ signal }) => getMaintenanceWindow(scopeId, signal),
    enabled: scopeId !== '',
  });

export function useMaintenanceWindow(scopeId: string) {
  return useQuery(maintenanceWindowQueryOptions(scopeId));
}

/** PUT /api/firmware-maintenance-window?scopeId=: sets the window, or with null removes it. */
export async function setMaintenanceWindow(
  scopeId: string,
  window: MaintenanceWindow | null,
): Promise<MaintenanceWindow | null> {
  return (
    await apiRequest(path(scopeId), { method: 'PUT', body: { window }, schema: maintenanceWindowResponse })
  ).window;
}
