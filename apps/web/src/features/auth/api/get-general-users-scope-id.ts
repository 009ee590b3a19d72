import { z } from 'zod';
import { apiRequest } from '../../../lib/api.ts';

const generalUsersScope = z.object({ scopeId: z.string() });

/** GET /api/getGeneralUsersScopeId/: the free-tier scope that sign-ups join. */
export async function getGeneralUsersScopeId(): Promise<string> {
  const { scopeId } = await apiRequest('/api/getGeneralUsersScopeId/', {
    schema: generalUsersScope,
    endSessionOnLoss: false,
  });
  return scopeId;
}
