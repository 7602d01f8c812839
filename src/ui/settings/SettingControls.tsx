import { useEffect, useId, useState, type ReactNode } from 'react';
import { clampAndRound, type SettingRange } from '../../contracts/settingRanges';

/** SettingToggle props. */
export interface SettingToggleProps {
  field: string;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
}

/** A boolean setting: a labelled checkbox (test id `setting-{field}`). */
export function SettingToggle({ field, label, checked, onChange, disabled }: SettingToggleProps) {
  return (
    <label className="setting setting--toggle">
      <input
        type="checkbox"
        data-testid={`setting-${field}`}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <span className="setting__label">{label}</span>
    </label>
  );
}

/** One choice of a SettingSelect. */
export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
}

/** SettingSelect props. */
export interface SettingSelectProps<V extends string | number> {
  field: string;
  label: string;
  value: V;
  options: ReadonlyArray<SelectOption<V>>;
  onChange(value: V): void;
  disabled?: boolean;
}

/** A choice setting: a labelled `<select>` (test id `setting-{field}`); numeric values stay numbers. */
export function SettingSelect<V extends string | number>({ field, label, value, options, onChange, disabled }: SettingSelectProps<V>) {
  const id = useId();
  return (
    <div className="setting setting--select">
      <label className="setting__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        data-testid={`setting-${field}`}
        value={String(value)}
        disabled={disabled}
        onChange={(e) => {
          const picked = options.find((o) => String(o.value) === e.currentTarget.value);
          if (picked) onChange(picked.value);
        }}
      >
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** SettingColour props. */
export interface SettingColourProps {
  field: string;
  label: string;
  /** '#rrggbb' */
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** A colour setting: a native `<input type="color">` (test id `setting-{field}`). */
export function SettingColour({ field, label, value, onChange, disabled }: SettingColourProps) {
  const id = useId();
  return (
    <div className="setting setting--colour">
      <label className="setting__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="color"
        data-testid={`setting-${field}`}
        value={HEX.test(value) ? value.toLowerCase() : '#000000'}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </div>
  );
}

/** RangedNumberInput props. */
export interface RangedNumberInputProps {
  /** the input's id (its label's htmlFor) */
  id: string;
  /** test id `setting-{field}` */
  field: string;
  /** null shows an empty input */
  value: number | null;
  range: SettingRange;
  /** the committed value: clamped and rounded, or null when emptied (if `nullable`) */
  onChange(value: number | null): void;
  nullable?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** the text shown for a value (default String) */
  format?(value: number): string;
}

/**
 * The number input of a setting (spec section 5): the typed text is a draft, committed on blur
 * or Enter, clamped to min/max and rounded to the step (clampAndRound: typing 150 into FOV
 * 40-140 commits 140); Escape or an unparsable text restores the current value; emptied, it
 * commits null when `nullable`, else restores. One piece for SettingSlider and SettingNumber.
 */
export function RangedNumberInput({ id, field, value, range, onChange, nullable, disabled, placeholder, format = String }: RangedNumberInputProps) {
  const text = (v: number | null) => (v === null || !Number.isFinite(v) ? '' : format(v));
  const [draft, setDraft] = useState(() => text(value));
  useEffect(() => setDraft(text(value)), [value, range.min, range.max, range.step]); // eslint-disable-line react-hooks/exhaustive-deps
  const commit = (raw: string) => {
    if (raw.trim() === '') {
      setDraft(nullable ? '' : text(value));
      if (nullable && value !== null) onChange(null);
      return;
    }
    const parsed = Number(raw);
    const next = Number.isFinite(parsed) ? clampAndRound(parsed, range) : value;
    setDraft(text(next));
    if (next !== value) onChange(next);
  };
  return (
    <input
      id={id}
      type="number"
      className="setting__number"
      data-testid={`setting-${field}`}
      min={range.min}
      max={range.max}
      step={range.step}
      value={draft}
      placeholder={placeholder}
      disabled={disabled}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={(e) => commit(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit(e.currentTarget.value);
        else if (e.key === 'Escape') setDraft(text(value));
      }}
    />
  );
}

/** SettingNumber props. */
export interface SettingNumberProps
  extends Pick<RangedNumberInputProps, 'field' | 'value' | 'range' | 'onChange' | 'nullable' | 'disabled' | 'placeholder'> {
  label: string;
  /** shown when the value is invalid for display (e.g. derived values) */
  children?: ReactNode;
}

/** A number-only setting (no slider; test id `setting-{field}`), committed on blur or Enter,
 * clamped and rounded like SettingSlider (RangedNumberInput). Optional values may be emptied
 * (null). */
export function SettingNumber({ field, label, children, ...input }: SettingNumberProps) {
  const id = useId();
  return (
    <div className="setting setting--number">
      <label className="setting__label" htmlFor={id}>
        {label}
      </label>
      <div className="setting__control">
        <RangedNumberInput id={id} field={field} {...input} />
        {children}
      </div>
    </div>
  );
}
