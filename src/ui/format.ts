/** Display formatting of HUD and key-hint values. */
import { bindingLabel } from '../state/settings/bindings';

/** Remaining time as m:ss.s (61234 ms -> '1:01.2'); negative reads as 0. */
export function formatRemaining(ms: number): string {
  const tenths = Math.max(0, Math.floor((Number.isFinite(ms) ? ms : 0) / 100));
  const minutes = Math.floor(tenths / 600);
  const secTenths = tenths % 600;
  const s = Math.floor(secTenths / 10);
  return `${minutes}:${String(s).padStart(2, '0')}.${secTenths % 10}`;
}

/** Accuracy with 2 decimals at most, as the spec computes it (85.5 -> '85.5', 100 -> '100'). */
export function formatAccuracy(pct: number): string {
  return String(Math.round((Number.isFinite(pct) ? pct : 0) * 100) / 100);
}

/** The countdown number: whole seconds above 1 s, one decimal in the last second. */
export function formatCountdown(seconds: number): string {
  return seconds > 1 ? String(Math.ceil(seconds)) : seconds.toFixed(1);
}

/** A key code as players read it ('KeyR' -> 'R', 'Escape' -> 'Esc', 'Digit1' -> '1'). */
export function keyLabel(code: string): string {
  return bindingLabel(code);
}
