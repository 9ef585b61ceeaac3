import { useEffect, useState } from 'react';
import { toApiError, type ApiError } from '../api/http.ts';

/** A non-CRUD read (statistics): loading, data or error; aborted when its inputs change. */
export function useFetch<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<{ data: T | null; error: ApiError | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    load(controller.signal)
      .then((data) => !controller.signal.aborted && setState({ data, error: null, loading: false }))
      .catch((cause) => !controller.signal.aborted && setState({ data: null, error: toApiError(cause), loading: false }));
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what the load reads
  }, deps);
  return state;
}
