import { type UserDetails, userDetails } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api.ts';

/** `endSessionOnLoss: false` asks without ending the tab's session on a 401 (whether the browser has one). */
export function getUserDetails(options: { endSessionOnLoss?: boolean } = {}): Promise<UserDetails> {
  return apiRequest('/api/user-details', { schema: userDetails, ...options });
}

export const userDetailsQueryOptions = () =>
  queryOptions({ queryKey: ['user-details'], queryFn: () => getUserDetails(), staleTime: 60_000 });

/** The signed-in user's details, refreshed from the server (a lost session then sends the user to login). */
export function useUserDetails(enabled: boolean) {
  return useQuery({ ...userDetailsQueryOptions(), enabled });
}
