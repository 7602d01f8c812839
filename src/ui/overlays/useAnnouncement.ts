import { useEffect, useState } from 'react';

/**
 * Follows a window event the game runtime dispatches for a one-off notice (the 'mouse skipping'
 * notice: src/input/mouseSkipEvent.ts; the low-FPS notice: src/game/lowFps.ts): `shown` is true
 * for `durationMs` after the first announcement, with its `detail`, then false for the rest of
 * the page (later announcements are ignored: each notice shows once).
 *
 * @param eventName the CustomEvent name on `window`
 * @param durationMs how long the notice stays, ms
 */
export function useAnnouncement<T>(eventName: string, durationMs: number): { shown: boolean; detail: T | null } {
  const [state, setState] = useState<{ phase: 'waiting' | 'shown' | 'done'; detail: T | null }>({ phase: 'waiting', detail: null });

  useEffect(() => {
    if (state.phase !== 'waiting' || typeof window === 'undefined') return;
    const onEvent = (e: Event) => {
      const detail = (e as CustomEvent<T>).detail ?? null;
      setState((s) => (s.phase === 'waiting' ? { phase: 'shown', detail } : s));
    };
    window.addEventListener(eventName, onEvent);
    return () => window.removeEventListener(eventName, onEvent);
  }, [state.phase, eventName]);

  useEffect(() => {
    if (state.phase !== 'shown') return;
    const id = setTimeout(() => setState((s) => ({ ...s, phase: 'done' })), durationMs);
    return () => clearTimeout(id);
  }, [state.phase, durationMs]);

  return { shown: state.phase === 'shown', detail: state.detail };
}
