import { useEffect, useState } from 'react';

/** The state of one async load. */
export type Fetched<T> = { status: 'loading' } | { status: 'ok'; data: T } | { status: 'error'; message: string };

/** Runs `load` when `key` changes and tracks its result; a stale result is dropped. */
export function useFetched<T>(load: (() => Promise<T>) | null, key: unknown): Fetched<T> {
  const [state, setState] = useState<Fetched<T>>({ status: 'loading' });
  useEffect(() => {
    if (!load) return;
    let live = true;
    setState({ status: 'loading' });
    load().then(
      (data) => live && setState({ status: 'ok', data }),
      (e: unknown) => {
        const err = e as { serverMessage?: string | null; message?: string };
        if (live) setState({ status: 'error', message: err?.serverMessage || err?.message || String(e) });
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
