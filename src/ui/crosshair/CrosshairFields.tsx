import { useEffect, useId, useRef, useState } from 'react';
import type { Rgba } from '../../contracts/crosshair';
import { clampAndRound, type SettingRange } from '../../contracts/settingRanges';

/** NumberField props. */
export interface NumberFieldProps {
  /** dot path of the field; the number input gets `data-testid="crosshair-field-{path}"` */
  path: string;
  label: string;
  value: number;
  range: SettingRange;
  disabled?: boolean;
  /** called with the value already clamped and rounded to the range */
  onChange(value: number): void;
}

/**
 * A slider plus a number input for one numeric field. Every change is clamped to min/max and
 * rounded to the step (clampAndRound, spec section 5) before `onChange`; the number input shows the clamped
 * value at once when the typed one was above the maximum, negative or off-step (25 → 20,
 * 0.7 → 0.5), keeps an empty entry or one below the minimum ('0' on the way to '0.5') while
 * typing, and shows the stored (clamped) value on blur.
 */
export function NumberField({ path, label, value, range, disabled, onChange }: NumberFieldProps) {
  const id = useId();
  const [text, setText] = useState(String(value));
  // the value this input itself sent last: its own echo does not overwrite what is typed
  const sent = useRef<number | null>(null);
  useEffect(() => {
    if (sent.current === value) return;
    sent.current = null;
    setText((cur) => (Number(cur) === value && cur.trim() !== '' ? cur : String(value)));
  }, [value]);
  const commit = (raw: string): void => {
    const n = raw.trim() === '' ? NaN : Number(raw);
    if (!Number.isFinite(n)) {
      setText(raw);
      return;
    }
    const v = clampAndRound(n, range);
    // a non-negative entry below the minimum may be the start of a valid one ('0' of '0.5',
    // '1' of '15'): it stays as typed (the clamped value applies) until blur
    const typing = n >= 0 && n < range.min;
    setText(v === n || typing ? raw : String(v));
    if (v !== value) {
      sent.current = v;
      onChange(v);
    }
  };
  return (
    <div className="xh-field xh-field--number">
      <label htmlFor={id}>{label}</label>
      <input
        type="range"
        aria-label={label}
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        disabled={disabled}
        data-testid={`crosshair-slider-${path}`}
        onChange={(e) => commit(e.target.value)}
      />
      <input
        id={id}
        type="number"
        min={range.min}
        max={range.max}
        step={range.step}
        value={text}
        disabled={disabled}
        data-testid={`crosshair-field-${path}`}
        onChange={(e) => commit(e.target.value)}
        onBlur={() => {
          sent.current = null;
          setText(String(value));
        }}
      />
    </div>
  );
}

/** CheckboxField props. */
export interface CheckboxFieldProps {
  path: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
}

/** A labelled checkbox for one boolean field (`data-testid="crosshair-field-{path}"`). */
export function CheckboxField({ path, label, checked, disabled, onChange }: CheckboxFieldProps) {
  return (
    <label className="xh-field xh-field--check">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        data-testid={`crosshair-field-${path}`}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}

/** `#rrggbb` of a colour's r/g/b. */
export function rgbToHex(c: Rgba): string {
  const h = (v: number) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0');
  return `#${h(c.r)}${h(c.g)}${h(c.b)}`;
}

/** `{ r, g, b }` of `#rrggbb` (or `#rgb`); null when it is not a hex colour. */
export function hexToRgb(hex: string): { r: number; g: number; b: number } | null {
  let m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  let h = m?.[1];
  if (!h) {
    m = /^#?([0-9a-f]{3})$/i.exec(hex.trim());
    if (!m) return null;
    h = m[1].split('').map((ch) => ch + ch).join('');
  }
  return { r: parseInt(h.slice(0, 2), 16), g: parseInt(h.slice(2, 4), 16), b: parseInt(h.slice(4, 6), 16) };
}

/** ColorField props. */
export interface ColorFieldProps {
  /** `color` or `outlineColor` */
  path: string;
  label: string;
  alphaLabel: string;
  value: Rgba;
  disabled?: boolean;
  onChange(value: Partial<Rgba>): void;
}

/**
 * A colour: `<input type="color">` for r/g/b (`data-testid="crosshair-field-{path}.rgb"`) and
 * an alpha slider + number input 0-255 (`crosshair-field-{path}.a`).
 */
export function ColorField({ path, label, alphaLabel, value, disabled, onChange }: ColorFieldProps) {
  const id = useId();
  return (
    <div className="xh-color">
      <div className="xh-field xh-field--color">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="color"
          value={rgbToHex(value)}
          disabled={disabled}
          data-testid={`crosshair-field-${path}.rgb`}
          onChange={(e) => {
            const rgb = hexToRgb(e.target.value);
            if (rgb) onChange(rgb);
          }}
        />
      </div>
      <NumberField
        path={`${path}.a`}
        label={alphaLabel}
        value={value.a}
        range={{ min: 0, max: 255, step: 1 }}
        disabled={disabled}
        onChange={(a) => onChange({ a })}
      />
    </div>
  );
}
