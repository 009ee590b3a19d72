import { useQuery } from '@tanstack/react-query';
import { hierarchyQueryOptions } from '../../../api/get-hierarchy.ts';
import { type CustomerOption, customerOptions } from './customer-options.ts';

/** The customers a gateway may be moved to (its own kept in), for the Select Customer dropdowns. */
export function useCustomerOptions(currentScopeId?: string): {
  options: CustomerOption[];
  isPending: boolean;
} {
  const hierarchy = useQuery(hierarchyQueryOptions());
  return { options: customerOptions(hierarchy.data, currentScopeId), isPending: hierarchy.isPending };
}
