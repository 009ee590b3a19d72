import {
  type AlertIncident,
  alertIncidentAcknowledged,
  alertIncidentsList,
  alertNotificationsList,
} from '@portal/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { mergeIncident } from '../incidents-view.ts';

/** Every cached incident list of a scope starts with this key (`open` and `all` lists). */
const incidentsKey = (scopeId: string) => ['alert-incidents', scopeId] as const;

/** GET /api/alert-incidents?scopeId=&state=: the customer's and its sub-customers' incidents, newest first. */
export function useIncidents(scopeId: string, state: 'open' | 'all') {
  return useQuery({
    queryKey: [...incidentsKey(scopeId), state] as const,
    queryFn: ({ signal }): Promise<AlertIncident[]> =>
      apiRequest(`/api/alert-incidents?scopeId=${encodeURIComponent(scopeId)}&state=${state}`, {
        schema: alertIncidentsList,
        signal,
      }).then((answer) => answer.incidents),
    enabled: scopeId !== '',
  });
}

/** Puts a changed incident (a live message, an acknowledge's answer) into the scope's cached lists. */
export function applyIncident(queryClient: QueryClient, scopeId: string, incident: AlertIncident): void {
  for (const state of ['open', 'all'] as const)
    queryClient.setQueryData<AlertIncident[]>([...incidentsKey(scopeId), state], (list) =>
      list ? mergeIncident(list, incident, state) : list,
    );
}

/** GET /api/alert-incidents/{id}/notifications: what the incident sent and how each delivery stands. */
export function useIncidentNotifications(incidentId: string | null) {
  return useQuery({
    queryKey: ['alert-incidents', 'notifications', incidentId] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/api/alert-incidents/${encodeURIComponent(incidentId ?? '')}/notifications`, {
        schema: alertNotificationsList,
        signal,
      }).then((answer) => answer.notifications),
    enabled: incidentId !== null,
  });
}

/** POST /api/alert-incidents/{id}/acknowledge; the lists are asked again either way (a 409 tells of a change). */
export function useAcknowledgeIncident(scopeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/alert-incidents/${encodeURIComponent(id)}/acknowledge`, {
        method: 'POST',
        schema: alertIncidentAcknowledged,
      }),
    onSuccess: (result) => applyIncident(queryClient, scopeId, result.incident),
    onSettled: () => queryClient.invalidateQueries({ queryKey: incidentsKey(scopeId) }),
  });
}
