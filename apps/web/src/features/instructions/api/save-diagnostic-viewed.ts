import { apiRequest } from '../../../lib/api.ts';
import { randomId } from '../../../lib/random-id.ts';

/**
 * PUT /api/saveUserActivities with Activity-Key diagnosticViewed: the user saw a gateway's diagnostics (the
 * server adds the time to the user's list). Provided-Key makes a retried call count once.
 */
export function saveDiagnosticViewed(macId: string): Promise<void> {
  return apiRequest('/api/saveUserActivities', {
    method: 'PUT',
    headers: { 'Activity-Key': 'diagnosticViewed', 'Provided-Key': randomId() },
    body: { subject: macId },
  });
}
