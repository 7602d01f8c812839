import { useId } from 'react';
import { clampAndRound, type SettingRange } from '../../contracts/settingRanges';
import { RangedNumberInput } from './SettingControls';

/** SettingSlider props. */
export interface SettingSliderProps {
  /** the field name: the number input's test id is `setting-{field}`, the slider's `setting-{field}-range` */
  field: string;
  label: string;
  value: number;
  range: SettingRange;
  /** called with the clamped and rounded value on commit */
  onChange(value: number): void;
  disabled?: boolean;
  /** extra text after the inputs (a unit or a hint) */
  suffix?: string;
}

/** Shows `value` as text with the step's decimals, without trailing float noise. */
function shown(value: number, range: SettingRange): string {
  return String(clampAndRound(value, { ...range, min: Math.min(range.min, value), max: Math.max(range.max, value) }));
}

/**
 * One numeric setting (spec section 5): a native `<input type="range">` paired with an
 * `<input type="number">`. The slider commits as it moves; the number input commits on blur or
 * Enter. Both clamp to min/max and round to the step (clampAndRound): typing 150 into FOV
 * (40-140) commits 140. Escape in the number input restores the current value.
 */
export function SettingSlider({ field, label, value, range, onChange, disabled, suffix }: SettingSliderProps) {
  const id = useId();
  return (
    <div className="setting setting--slider">
      <label className="setting__label" htmlFor={id}>
        {label}
      </label>
      <div className="setting__control">
        <input
          type="range"
          className="setting__range"
          aria-label={label}
          data-testid={`setting-${field}-range`}
          min={range.min}
          max={range.max}
          step={range.step}
          value={Math.min(range.max, Math.max(range.min, value))}
          disabled={disabled}
          onChange={(e) => {
            const next = clampAndRound(Number(e.currentTarget.value), range);
            if (next !== value) onChange(next);
          }}
        />
        <RangedNumberInput
          id={id}
          field={field}
          value={value}
          range={range}
          disabled={disabled}
          format={(v) => shown(v, range)}
          onChange={(v) => { if (v !== null) onChange(v); }}
        />
        {suffix ? <span className="setting__suffix">{suffix}</span> : null}
      </div>
    </div>
  );
}
