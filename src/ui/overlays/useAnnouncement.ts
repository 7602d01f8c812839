import { useEffect, useRef, useState } from 'react';

/**
 * Follows a window event the game runtime dispatches for a one-off notice (the 'mouse skipping'
 * notice: src/input/mouseSkipEvent.ts; the low-FPS notice: src/game/lowFps.ts): `shown` is true
 * for `durationMs` after the first announcement, with its `detail`, then false for the rest of
 * the page (later announcements are ignored: each notice shows once).
 *
 * @param eventName the CustomEvent name on `window`
 * @param durationMs how long the notice stays, ms
 * @param hold while true the notice's time does not run (the game is paused: the player may be
 *   reading it or reaching for its checkbox); the rest of `durationMs` runs once it is false
 */
export function useAnnouncement<T>(eventName: string, durationMs: number, hold = false): { shown: boolean; detail: T | null } {
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

  // ms of showing left; counted down only while not held
  const left = useRef<number | null>(null);
  useEffect(() => {
    if (state.phase !== 'shown' || hold) return;
    if (left.current === null) left.current = durationMs;
    const started = Date.now();
    const id = setTimeout(() => setState((s) => ({ ...s, phase: 'done' })), left.current);
    return () => {
      clearTimeout(id);
      left.current = Math.max(0, (left.current ?? durationMs) - (Date.now() - started));
    };
  }, [state.phase, durationMs, hold]);

  return { shown: state.phase === 'shown', detail: state.detail };
}
