import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultFetch, getJson, type FetchFn } from '../../net/api';
import { canConvert, isValidProductSens, productSensFromGame } from '../../sensitivity/convert';
import type { SensitivityGame } from '../../sensitivity/games';
import { ASPECT_16_9 } from '../../sensitivity/fov';
import { clampAndRound, SETTING_RANGES } from '../../contracts/settingRanges';
import { gameFromEntry, type SensitivityGameEntry } from './sensitivityEntry';

export { gameFromEntry, type SensitivityGameEntry };

/** The sensitivity data URL (spec section 7). */
export const SENSITIVITY_DATA_URL = '/api/v1/user/game-sensitivity-data/basic';

/**
 * The product sensitivity for `value` in `game` (its FOV `fov` when the game scales by FOV),
 * or null when it cannot be computed (no formula, bad input). Aspect: the window's, else 16:9.
 */
export function convertedSens(game: SensitivityGame, value: number, fov: number | null, aspect = ASPECT_16_9): number | null {
  if (!Number.isFinite(value) || !canConvert(game)) return null;
  try {
    const x = productSensFromGame(game, value, { aspect, ...(game.affectedByFov && fov !== null ? { fov } : {}) });
    return Number.isFinite(x) ? x : null;
  } catch {
    return null;
  }
}

/** Formats a converted sensitivity with up to 4 decimals. */
export function formatSens(x: number): string {
  return String(Number(x.toFixed(4)));
}

/** SensitivityConverter props. */
export interface SensitivityConverterProps {
  /** applies the converted sensitivity (already clamped to 0.001-10 and rounded) */
  onApply(sensitivity: number): void;
  disabled?: boolean;
  /** the fetch to load the game list with (default: the global one) */
  fetchFn?: FetchFn;
}

/**
 * Controls → Mouse → sensitivity conversion from another game (spec sections 1, 3, 5): pick a
 * game from the server's sensitivity data, type its sensitivity (and FOV when the game scales by
 * FOV), see the product sensitivity (invalid styling outside 0.001-1000) and apply it. Games the
 * reference could not verify carry an 'unverified' note.
 */
export function SensitivityConverter({ onApply, disabled, fetchFn = defaultFetch }: SensitivityConverterProps) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<SensitivityGameEntry[] | null>(null);
  const [error, setError] = useState(false);
  const [slug, setSlug] = useState('');
  const [valueText, setValueText] = useState('');
  const [fovText, setFovText] = useState('');

  useEffect(() => {
    let alive = true;
    getJson<unknown>(fetchFn, SENSITIVITY_DATA_URL)
      .then((body) => {
        if (!alive) return;
        const list = Array.isArray(body) ? body : Array.isArray((body as { data?: unknown })?.data) ? (body as { data: unknown[] }).data : [];
        setEntries(list.filter((e): e is SensitivityGameEntry => !!e && typeof (e as SensitivityGameEntry).slug === 'string'));
      })
      .catch((e) => {
        console.error('Loading the sensitivity game data failed', e);
        if (alive) setError(true);
      });
    return () => {
      alive = false;
    };
  }, [fetchFn]);

  const entry = entries?.find((e) => e.slug === slug) ?? null;
  const game = useMemo(() => (entry ? gameFromEntry(entry) : null), [entry]);
  const value = valueText.trim() === '' ? Number.NaN : Number(valueText);
  const fov = fovText.trim() === '' ? (game?.defaultFov ?? null) : Number(fovText);
  const aspect = typeof window !== 'undefined' && window.innerWidth > 0 && window.innerHeight > 0 ? window.innerWidth / window.innerHeight : ASPECT_16_9;
  const result = game && Number.isFinite(value) ? convertedSens(game, value, fov, aspect) : null;
  const valid = result !== null && isValidProductSens(result);
  const applied = result !== null ? clampAndRound(result, SETTING_RANGES.mouse_sens) : null;

  if (error) return <p className="error-text" data-testid="sens-convert-error">{t('settings.converter.error')}</p>;
  if (!entries) return <p className="muted" data-testid="sens-convert-loading">{t('settings.converter.loading')}</p>;

  return (
    <div className="converter" data-testid="sens-converter">
      <div className="setting setting--select">
        <label className="setting__label" htmlFor="sens-convert-game">
          {t('settings.converter.game')}
        </label>
        <select
          id="sens-convert-game"
          data-testid="sens-convert-game"
          value={slug}
          disabled={disabled}
          onChange={(e) => {
            setSlug(e.currentTarget.value);
            setFovText('');
          }}
        >
          <option value="">{t('settings.converter.pick')}</option>
          {entries.map((e) => (
            <option key={e.slug} value={e.slug}>
              {e.unverified ? `${e.name} (${t('settings.converter.unverified')})` : e.name}
            </option>
          ))}
        </select>
        {entry?.unverified ? (
          <small className="converter__unverified" data-testid="sens-convert-unverified" title={entry.note}>
            {t('settings.converter.unverified')}
          </small>
        ) : null}
      </div>
      {game ? (
        <>
          <div className="setting setting--number">
            <label className="setting__label" htmlFor="sens-convert-value">
              {t('settings.converter.value')}
            </label>
            <input
              id="sens-convert-value"
              type="number"
              step="any"
              className="setting__number"
              data-testid="sens-convert-value"
              value={valueText}
              disabled={disabled}
              onChange={(e) => setValueText(e.currentTarget.value)}
            />
          </div>
          {game.affectedByFov ? (
            <div className="setting setting--number">
              <label className="setting__label" htmlFor="sens-convert-fov">
                {t('settings.converter.fov')}
              </label>
              <input
                id="sens-convert-fov"
                type="number"
                step="any"
                className="setting__number"
                data-testid="sens-convert-fov"
                placeholder={game.defaultFov !== null ? String(game.defaultFov) : ''}
                value={fovText}
                disabled={disabled}
                onChange={(e) => setFovText(e.currentTarget.value)}
              />
            </div>
          ) : null}
          {!canConvert(game) ? <p className="muted">{t('settings.converter.no_formula')}</p> : null}
          <div className="converter__result">
            <span className="setting__label">{t('settings.converter.result')}</span>
            <output
              data-testid="sens-convert-result"
              className={`converter__value${result !== null && !valid ? ' converter__value--invalid' : ''}`}
              aria-invalid={result !== null && !valid}
              title={result !== null && !valid ? t('settings.converter.invalid') : undefined}
            >
              {result === null ? '—' : formatSens(result)}
            </output>
            <button
              type="button"
              className="btn btn--small"
              data-testid="sens-convert-apply"
              disabled={disabled || !valid || applied === null}
              onClick={() => applied !== null && onApply(applied)}
            >
              {t('settings.converter.apply')}
            </button>
          </div>
          {result !== null && !valid ? <p className="error-text converter__invalid">{t('settings.converter.invalid')}</p> : null}
          {valid && applied !== null && Math.abs(applied - result!) > 0.0005 ? (
            <p className="muted">{t('settings.converter.clamped', { value: applied })}</p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
