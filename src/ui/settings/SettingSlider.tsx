import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { clampAndRound, type SettingRange } from '../../contracts/settingRanges';

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
  const [draft, setDraft] = useState(() => shown(value, range));
  useEffect(() => setDraft(shown(value, range)), [value, range.min, range.max, range.step]); // eslint-disable-line react-hooks/exhaustive-deps

  const commit = (text: string) => {
    const parsed = text.trim() === '' ? Number.NaN : Number(text);
    const next = Number.isFinite(parsed) ? clampAndRound(parsed, range) : value;
    setDraft(shown(next, range));
    if (next !== value) onChange(next);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') commit(e.currentTarget.value);
    else if (e.key === 'Escape') setDraft(shown(value, range));
  };

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
            setDraft(shown(next, range));
            if (next !== value) onChange(next);
          }}
        />
        <input
          id={id}
          type="number"
          className="setting__number"
          data-testid={`setting-${field}`}
          min={range.min}
          max={range.max}
          step={range.step}
          value={draft}
          disabled={disabled}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onBlur={(e) => commit(e.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        {suffix ? <span className="setting__suffix">{suffix}</span> : null}
      </div>
    </div>
  );
}
