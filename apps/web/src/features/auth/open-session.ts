import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router-dom';
import { homePathFor, LOGIN_PATH } from '../../lib/home-path.ts';
import { sessionStore } from '../../lib/session.ts';
import { userDetailsQueryOptions } from './api/get-user-details.ts';

/** After the server opened a session (sign-in or accepted code): fetch the user details and keep them. */
export async function openSession(queryClient: QueryClient): Promise<void> {
  const details = await queryClient.fetchQuery({ ...userDetailsQueryOptions(), staleTime: 0 });
  sessionStore.signIn(details);
}

/** Root users to the customers list, others to their dashboard. */
export function goHome(navigate: NavigateFunction): void {
  navigate(homePathFor(sessionStore.get()) ?? LOGIN_PATH, { replace: true });
}
