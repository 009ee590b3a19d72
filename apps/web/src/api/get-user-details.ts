import { type UserDetails, userDetails } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api.ts';

export function getUserDetails(): Promise<UserDetails> {
  return apiRequest('/api/user-details', { schema: userDetails });
}

export const userDetailsQueryOptions = () =>
  queryOptions({ queryKey: ['user-details'], queryFn: getUserDetails, staleTime: 60_000 });

/** The signed-in user's details, refreshed from the server (a lost session then sends the user to login). */
export function useUserDetails(enabled: boolean) {
  return useQuery({ ...userDetailsQueryOptions(), enabled });
}
