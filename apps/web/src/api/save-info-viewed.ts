import { apiRequest } from '../lib/api.ts';
import { randomId } from '../lib/random-id.ts';

/**
 * PUT /api/saveUserActivities with Activity-Key infoViewed: the user opened a gateway's information panel.
 * Provided-Key makes a retried call count once.
 */
export function saveInfoViewed(mac: string, email: string | undefined): Promise<void> {
  return apiRequest('/api/saveUserActivities', {
    method: 'PUT',
    headers: { 'Activity-Key': 'infoViewed', 'Provided-Key': randomId() },
    body: { subject: mac, ...(email ? { email } : {}) },
  });
}
