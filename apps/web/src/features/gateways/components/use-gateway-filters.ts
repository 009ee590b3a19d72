import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TENANT_NAME_PARAM, TENANT_PARAM } from '../dashboard-filters.ts';
import { filtersFrom, type GatewayFilters } from '../gateway-filters.ts';

/** The page's URL filters (?status=, ?enrollment=, ?name=) and the removal of one of them. */
export function useGatewayFilters(): [GatewayFilters, (param: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const remove = (param: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(param);
        if (param === TENANT_PARAM) next.delete(TENANT_NAME_PARAM);
        return next;
      },
      { replace: true },
    );
  const filters = useMemo(() => filtersFrom(searchParams), [searchParams]);
  return [filters, remove];
}
