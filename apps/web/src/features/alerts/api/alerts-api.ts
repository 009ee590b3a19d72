import {
  type AlertReceiverCandidate,
  alertReceiverCandidates,
  alertSubscriptionResult,
  type LockAlertBody,
  type LockAlertsList,
  lockAlertSaved,
  lockAlertsList,
  type SensorAlertBody,
  type SensorAlertsList,
  sensorAlertSaved,
  sensorAlertsList,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api.ts';

/** Every cached alert list of a scope starts with this key. */
export const alertsKey = (scopeId: string) => ['alerts', scopeId] as const;

/** Spec 002 section 4: a failed fetch that carries a status is an empty list. */
async function orEmpty<T>(request: Promise<T>, empty: T): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status > 0 && error.status !== 401) return empty;
    throw error;
  }
}

/** GET /api/sensor-alerts/all?scopeId=. */
export function useSensorAlerts(scopeId: string) {
  return useQuery({
    queryKey: [...alertsKey(scopeId), 'sensor'] as const,
    queryFn: ({ signal }) =>
      orEmpty<SensorAlertsList>(
        apiRequest(`/api/sensor-alerts/all?scopeId=${encodeURIComponent(scopeId)}`, {
          schema: sensorAlertsList,
          signal,
        }),
        { alerts: [], supportTenant: false, canWrite: false },
      ),
    enabled: scopeId !== '',
  });
}

/** GET /api/alerts/all?scopeId= (abortable): the lock alerts. */
export function useLockAlerts(scopeId: string) {
  return useQuery({
    queryKey: [...alertsKey(scopeId), 'lock'] as const,
    queryFn: ({ signal }) =>
      orEmpty<LockAlertsList>(
        apiRequest(`/api/alerts/all?scopeId=${encodeURIComponent(scopeId)}`, {
          schema: lockAlertsList,
          signal,
        }),
        { alerts: [], canWrite: false },
      ),
    enabled: scopeId !== '',
  });
}

/** GET /api/alert-receivers?scopeId=: the users the forms may select, the signed-in user among them. */
export function useAlertReceivers(scopeId: string, enabled = true) {
  return useQuery({
    queryKey: [...alertsKey(scopeId), 'receivers'] as const,
    queryFn: ({ signal }): Promise<AlertReceiverCandidate[]> =>
      apiRequest(`/api/alert-receivers?scopeId=${encodeURIComponent(scopeId)}`, {
        schema: alertReceiverCandidates,
        signal,
      }).then((answer) => answer.users),
    enabled: enabled && scopeId !== '',
  });
}

function useAlertMutation<V, R>(scopeId: string, call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKey(scopeId) }),
  });
}

export const useSaveSensorAlert = (scopeId: string) =>
  useAlertMutation(scopeId, ({ id, body }: { id: string | null; body: SensorAlertBody }) =>
    apiRequest(id ? `/api/sensor-alerts/${id}` : '/api/sensor-alerts', {
      method: id ? 'PUT' : 'POST',
      body,
      schema: sensorAlertSaved,
    }),
  );

export const useDeleteSensorAlert = (scopeId: string) =>
  useAlertMutation(scopeId, (id: string) =>
    apiRequest(`/api/sensor-alerts/${id}`, { method: 'DELETE', schema: sensorAlertSaved }),
  );

export interface SubscriptionChange {
  id: string;
  channel: 'email' | 'sms';
  subscribe: boolean;
  phoneNumber?: string;
  countryShortCode?: string;
}

export const useAlertSubscription = (scopeId: string) =>
  useAlertMutation(scopeId, ({ id, ...body }: SubscriptionChange) =>
    apiRequest(`/api/sensor-alerts/${id}/subscription`, {
      method: 'PUT',
      body,
      schema: alertSubscriptionResult,
    }),
  );

/** POST /api/alert/createAlert, PUT /api/alert/update?alertId=, PUT /api/rfid-alert/update for the RFID alert. */
export const useSaveLockAlert = (scopeId: string) =>
  useAlertMutation(scopeId, ({ id, body }: { id: string | null; body: LockAlertBody }) => {
    if (!id) return apiRequest('/api/alert/createAlert', { method: 'POST', body, schema: lockAlertSaved });
    if (body.alertType === 'RFID')
      return apiRequest('/api/rfid-alert/update', {
        method: 'PUT',
        body: {
          rfidAlertId: id,
          scopeId: body.scopeId,
          receivers: body.receivers,
          rfidScheduleTime: body.rfidScheduleTime ?? '',
          rfidThreshold: body.rfidThreshold,
        },
        schema: lockAlertSaved,
      });
    return apiRequest(`/api/alert/update?alertId=${encodeURIComponent(id)}`, {
      method: 'PUT',
      body,
      schema: lockAlertSaved,
    });
  });

/** DELETE /api/alert/delete?alertId=, or /api/rfid-delete-alert/delete?scopeId= for the RFID alert. */
export const useDeleteLockAlert = (scopeId: string) =>
  useAlertMutation(scopeId, ({ id, type }: { id: string; type: string }) =>
    apiRequest(
      type === 'RFID'
        ? `/api/rfid-delete-alert/delete?scopeId=${encodeURIComponent(scopeId)}`
        : `/api/alert/delete?alertId=${encodeURIComponent(id)}`,
      { method: 'DELETE', schema: lockAlertSaved },
    ),
  );
