import { useEffect, useState } from 'react';

/** The value once it has stayed the same for `delayMs` (an empty value at once: clearing a search is quick). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === '' || value === settled) {
      setSettled(value);
      return;
    }
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs, settled]);
  return settled;
}
