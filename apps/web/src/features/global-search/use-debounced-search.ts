import { useEffect, useState } from 'react';
import { createDebouncer } from './debounce.ts';
import { SEARCH_DEBOUNCE_MS } from './search-rules.ts';

/** The typed text once it has stayed the same for 2.5 s. */
export function useDebouncedSearch(typed: string): string {
  const [settled, setSettled] = useState(typed);
  const [debouncer] = useState(() => createDebouncer(SEARCH_DEBOUNCE_MS, setSettled));
  useEffect(() => debouncer.push(typed), [debouncer, typed]);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  return settled;
}
