import { rolloutView } from '@portal/contract';
import { apiRequest } from '../../../lib/api.ts';

/** PUT /api/firmware-rollouts/{id}: pause, resume or cancel a rollout. */
export function controlRollout(id: string, action: 'pause' | 'resume' | 'cancel') {
  return apiRequest(`/api/firmware-rollouts/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { action },
    schema: rolloutView,
  });
}

/** POST /api/firmware-rollouts/{id}/select-next: start the next N gateways now (SELECT NEXT 10/30/50/100). */
export function selectNext(id: string, count: number) {
  return apiRequest(`/api/firmware-rollouts/${encodeURIComponent(id)}/select-next`, {
    method: 'POST',
    body: { count },
    schema: rolloutView,
  });
}
