import { useEffect, useState } from 'react';

// Lists page through data/api-query.ts (useApiPages); this module keeps the search-as-you-type delay.

/** `value` once it has stopped changing for `ms` (search as the owner types). */
export function useSettled<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
