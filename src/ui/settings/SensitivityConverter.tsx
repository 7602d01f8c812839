import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultFetch, getJson, type FetchFn } from '../../net/api';
import { canConvert, cm360Enabled, cmPer360, isValidProductSens, productSensFromGame } from '../../sensitivity/convert';
import type { SensitivityGame, ServedSensitivityGame } from '../../sensitivity/games';
import { ASPECT_16_9 } from '../../sensitivity/fov';
import { MATCH_MODES, modeNeedsFov, type MatchMode } from '../../sensitivity/match';
import { convertSensitivity, sideIncrement, sideView, type SensSide } from '../../sensitivity/twoWay';
import type { FovType } from '../../contracts/gameOptions';
import { SENSITIVITY_DATA_PATH, sensitivityEntriesFrom, type SensitivityConfidence } from '../../contracts/sensitivityData';
import { clampAndRound, SETTING_RANGES } from '../../contracts/settingRanges';
import { gameFromEntry, type SensitivityGameEntry } from './sensitivityEntry';

export { gameFromEntry, type SensitivityGameEntry };

/** The sensitivity data URL (spec section 7). */
export const SENSITIVITY_DATA_URL = SENSITIVITY_DATA_PATH;

/** i18n key of a confidence level's short label ('2 sources agree', '1 source', 'measured'). */
export const confidenceKey = (c: SensitivityConfidence): string => `settings.converter.confidence.${c.replace('-', '_')}`;

/** The value of the "this trainer" option in the From / To selects. */
export const PRODUCT_SIDE = 'product';

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

/** i18n key of a match mode ('md56.25' has a '.' that i18next reads as a key separator). */
export const matchModeKey = (m: MatchMode): string => m.replace('.', '_');

/** SensitivityConverter props. */
export interface SensitivityConverterProps {
  /** applies the converted sensitivity (already clamped to 0.001-10 and rounded) */
  onApply(sensitivity: number): void;
  /** takes a game's FOV as the trainer's FOV (degrees on the `fovType` axis, clamped to 40-140) */
  onTakeFov?(fov: number, fovType: FovType): void;
  /** the trainer's current sensitivity, FOV and FOV type (the "this trainer" side) */
  productSens?: number;
  productFov?: number;
  productFovType?: FovType;
  /** the mouse DPI (counts per inch), when known: the result's cm/360 is shown with it */
  dpi?: number | null;
  disabled?: boolean;
  /** the fetch to load the game list with (default: the global one) */
  fetchFn?: FetchFn;
  /** the From and To sides shown first (a game's slug or PRODUCT_SIDE; default none and this trainer) */
  initialFrom?: string;
  initialTo?: string;
}

/** The screen aspect the converter matches on: the window's, else 16:9. */
function screenAspect(): number {
  return typeof window !== 'undefined' && window.innerWidth > 0 && window.innerHeight > 0 ? window.innerWidth / window.innerHeight : ASPECT_16_9;
}

/** A number typed in an input, or null for an empty / non-numeric text. */
function parsed(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/**
 * Controls → Mouse → sensitivity conversion (spec sections 1, 3, 5), both ways: from any game of
 * the server's sensitivity data to this trainer, from this trainer to any game, and game to game.
 * Match by 360° distance, monitor distance (0 %, 56.25 %, 75 %, 100 % of the half width) or
 * viewspeed (src/sensitivity/match.ts), which use both sides' FOV: a game's FOV is typed (default:
 * its fixed FOV where known) and can be taken as the trainer's FOV. A result for this trainer is
 * valid within 0.001-1000 (invalid styling outside) and applied clamped to 0.001-10.
 */
export function SensitivityConverter({
  onApply, onTakeFov, productSens = 1, productFov = 103, productFovType = 'h', dpi = null, disabled, fetchFn = defaultFetch,
  initialFrom = '', initialTo = PRODUCT_SIDE,
}: SensitivityConverterProps) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<SensitivityGameEntry[] | null>(null);
  const [error, setError] = useState(false);
  const [fromSlug, setFromSlug] = useState(initialFrom);
  const [toSlug, setToSlug] = useState(initialTo);
  const [mode, setMode] = useState<MatchMode>('360');
  const [valueText, setValueText] = useState('');
  const [fovText, setFovText] = useState<Record<'from' | 'to', string>>({ from: '', to: '' });

  useEffect(() => {
    let alive = true;
    getJson<unknown>(fetchFn, SENSITIVITY_DATA_URL)
      .then((body) => {
        if (!alive) return;
        // by name: 70-odd titles are found faster alphabetically than in the table's order
        setEntries(sensitivityEntriesFrom(body).sort((a, b) => a.name.localeCompare(b.name, 'en')));
      })
      .catch((e) => {
        console.error('Loading the sensitivity game data failed', e);
        if (alive) setError(true);
      });
    return () => {
      alive = false;
    };
  }, [fetchFn]);

  const games = useMemo(() => new Map((entries ?? []).map((e) => [e.slug, gameFromEntry(e)])), [entries]);
  const sideOf = (slug: string, which: 'from' | 'to'): SensSide | null => {
    if (slug === PRODUCT_SIDE) return { kind: 'product', fov: productFov, fovType: productFovType };
    const game = games.get(slug);
    return game ? { kind: 'game', game, fov: parsed(fovText[which]) } : null;
  };
  const from = sideOf(fromSlug, 'from');
  const to = sideOf(toSlug, 'to');
  const aspect = screenAspect();
  const value = fromSlug === PRODUCT_SIDE && valueText.trim() === '' ? productSens : parsed(valueText);

  const needsFov = (side: SensSide | null) =>
    side?.kind === 'game' && (modeNeedsFov(mode) || side.game.affectedByFov) && sideView(side) === null;
  const missingFov = needsFov(from) || needsFov(to);
  const noFormula = [from, to].some((s) => s?.kind === 'game' && !canConvert(s.game));

  let result: number | null = null;
  if (from && to && value !== null && !missingFov && !noFormula) {
    try {
      const x = convertSensitivity({ from, value, to, mode, aspect });
      result = Number.isFinite(x) ? x : null;
    } catch {
      result = null;
    }
  }
  const toProduct = to?.kind === 'product';
  const valid = result !== null && (toProduct ? isValidProductSens(result) : result > 0);
  const applied = toProduct && result !== null ? clampAndRound(result, SETTING_RANGES.mouse_sens) : null;
  // the result's cm/360 at the player's DPI (sensitivity.md §1: 914.4 / (DPI × increment))
  let cm360: number | null = null;
  if (valid && result !== null && to && cm360Enabled(dpi)) {
    try {
      cm360 = cmPer360(sideIncrement(to, result, aspect), dpi as number);
    } catch {
      cm360 = null;
    }
  }

  // the game sides of this conversion (From first, one row each when both are the same game):
  // their confidence badge and references are shown under the result
  const gameSides = (['from', 'to'] as const)
    .map((which) => ({ which, side: which === 'from' ? from : to }))
    .filter((x): x is { which: 'from' | 'to'; side: Extract<SensSide, { kind: 'game' }> } => x.side?.kind === 'game')
    .map(({ which, side }) => ({ which, game: side.game as ServedSensitivityGame }))
    .filter((x, i, all) => all.findIndex((y) => y.game.slug === x.game.slug) === i);

  // the game whose FOV can be taken as the trainer's: the game side (From first) with a known FOV
  const fovGameSide = ([from, to] as const).find((s): s is Extract<SensSide, { kind: 'game' }> => s?.kind === 'game' && sideView(s) !== null) ?? null;
  const fovGameView = fovGameSide ? sideView(fovGameSide) : null;

  if (error) return <p className="error-text" data-testid="sens-convert-error">{t('settings.converter.error')}</p>;
  if (!entries) return <p className="muted" data-testid="sens-convert-loading">{t('settings.converter.loading')}</p>;

  const sideSelect = (which: 'from' | 'to', slug: string, set: (s: string) => void) => (
    <select
      id={`sens-convert-${which}`}
      data-testid={`sens-convert-${which}`}
      aria-label={t(`settings.converter.${which}`)}
      value={slug}
      disabled={disabled}
      onChange={(e) => {
        const next = e.currentTarget.value;
        set(next);
        setFovText((f) => ({ ...f, [which]: '' }));
        if (which === 'from') setValueText(next === PRODUCT_SIDE ? String(productSens) : '');
      }}
    >
      {which === 'from' ? <option value="">{t('settings.converter.pick')}</option> : null}
      <option value={PRODUCT_SIDE}>{t('settings.converter.product')}</option>
      {entries.map((e) => (
        <option key={e.slug} value={e.slug} title={e.references.join('\n')} data-confidence={e.confidence}>
          {`${e.name} · ${t(confidenceKey(e.confidence))}`}
        </option>
      ))}
    </select>
  );

  const fovInput = (which: 'from' | 'to', side: SensSide | null) => {
    if (side?.kind !== 'game' || !(modeNeedsFov(mode) || side.game.affectedByFov)) return null;
    const g = side.game;
    return (
      <div className="setting setting--number" key={which}>
        <label className="setting__label" htmlFor={`sens-convert-fov-${which}`}>
          {t('settings.converter.fov_of', { game: g.name })}
        </label>
        <div className="setting__control">
          <input
            id={`sens-convert-fov-${which}`}
            type="number"
            step="any"
            min={1}
            max={179}
            className="setting__number"
            data-testid={`sens-convert-fov-${which}`}
            placeholder={g.defaultFov !== null ? String(g.defaultFov) : t('settings.converter.fov_needed')}
            value={fovText[which]}
            disabled={disabled || g.fovType === null}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setFovText((f) => ({ ...f, [which]: v }));
            }}
          />
          <span className="setting__suffix">{g.fovType ? t(`settings.converter.fov_type.${g.fovType === 'h4:3' ? 'h43' : g.fovType}`) : t('settings.converter.no_fov_type')}</span>
        </div>
      </div>
    );
  };

  return (
    <div className="converter" data-testid="sens-converter">
      <div className="converter__sides">
        <label className="converter__side">
          <span className="setting__label">{t('settings.converter.from')}</span>
          {sideSelect('from', fromSlug, setFromSlug)}
        </label>
        <button
          type="button"
          className="btn btn--small converter__swap"
          data-testid="sens-convert-swap"
          aria-label={t('settings.converter.swap')}
          title={t('settings.converter.swap')}
          disabled={disabled || fromSlug === ''}
          onClick={() => {
            setFromSlug(toSlug);
            setToSlug(fromSlug);
            setFovText((f) => ({ from: f.to, to: f.from }));
            if (valid && result !== null) setValueText(formatSens(result));
            else setValueText(toSlug === PRODUCT_SIDE ? String(productSens) : '');
          }}
        >
          ⇄
        </button>
        <label className="converter__side">
          <span className="setting__label">{t('settings.converter.to')}</span>
          {sideSelect('to', toSlug, setToSlug)}
        </label>
      </div>
      <div className="setting setting--select">
        <label className="setting__label" htmlFor="sens-convert-mode">
          {t('settings.converter.match')}
        </label>
        <select
          id="sens-convert-mode"
          data-testid="sens-convert-mode"
          value={mode}
          disabled={disabled}
          onChange={(e) => setMode(e.currentTarget.value as MatchMode)}
        >
          {MATCH_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`settings.converter.modes.${matchModeKey(m)}`)}
            </option>
          ))}
        </select>
      </div>
      {from ? (
        <>
          <div className="setting setting--number">
            <label className="setting__label" htmlFor="sens-convert-value">
              {t('settings.converter.value_of', { game: from.kind === 'product' ? t('settings.converter.product_in') : from.game.name })}
            </label>
            <input
              id="sens-convert-value"
              type="number"
              step="any"
              className="setting__number"
              data-testid="sens-convert-value"
              value={fromSlug === PRODUCT_SIDE && valueText === '' ? String(productSens) : valueText}
              disabled={disabled}
              onChange={(e) => setValueText(e.currentTarget.value)}
            />
          </div>
          {fovInput('from', from)}
          {fovInput('to', to)}
          {noFormula ? <p className="muted converter__note">{t('settings.converter.no_formula')}</p> : null}
          {missingFov ? <p className="muted converter__note" data-testid="sens-convert-fov-missing">{t('settings.converter.fov_missing')}</p> : null}
          <div className="converter__result">
            <span className="setting__label">
              {t('settings.converter.result_in', { game: to?.kind === 'game' ? to.game.name : t('settings.converter.product_in') })}
            </span>
            <output
              data-testid="sens-convert-result"
              className={`converter__value${result !== null && !valid ? ' converter__value--invalid' : ''}`}
              aria-invalid={result !== null && !valid}
              title={result !== null && !valid ? t('settings.converter.invalid') : undefined}
            >
              {result === null ? '—' : formatSens(result)}
            </output>
            {cm360 !== null ? (
              <span className="setting__suffix converter__cm360" data-testid="sens-convert-cm360">
                {t('settings.converter.cm360', { cm: cm360.toFixed(2), dpi })}
              </span>
            ) : null}
            {toProduct ? (
              <button
                type="button"
                className="btn btn--small"
                data-testid="sens-convert-apply"
                disabled={disabled || !valid || applied === null}
                onClick={() => applied !== null && onApply(applied)}
              >
                {t('settings.converter.apply')}
              </button>
            ) : null}
          </div>
          {gameSides.length > 0 ? (
            <div className="converter__confidence" data-testid="sens-convert-confidence">
              {gameSides.map(({ which, game }) => (
                <p key={which} className="converter__sources">
                  <span
                    className={`conf-badge conf-badge--${game.confidence}`}
                    data-testid={`sens-convert-confidence-${which}`}
                    data-confidence={game.confidence}
                    title={t('settings.converter.confidence_hint')}
                  >
                    {t(confidenceKey(game.confidence))}
                  </span>
                  <span className="muted" data-testid={`sens-convert-sources-${which}`}>
                    {t('settings.converter.sources_of', { game: game.name, refs: game.references.join('; ') })}
                  </span>
                </p>
              ))}
            </div>
          ) : null}
          {onTakeFov && fovGameSide && fovGameView ? (
            <div className="converter__actions">
              <button
                type="button"
                className="btn btn--small"
                data-testid="sens-convert-take-fov"
                disabled={disabled}
                title={t('settings.converter.take_fov_hint', { game: fovGameSide.game.name })}
                onClick={() => onTakeFov(clampAndRound(fovGameView.fov, SETTING_RANGES.fov), fovGameView.fovType)}
              >
                {t('settings.converter.take_fov', {
                  fov: formatSens(fovGameView.fov),
                  type: t(`settings.converter.fov_type.${fovGameView.fovType === 'h4:3' ? 'h43' : fovGameView.fovType}`),
                })}
              </button>
            </div>
          ) : null}
          {toProduct && result !== null && !valid ? <p className="error-text converter__invalid">{t('settings.converter.invalid')}</p> : null}
          {valid && applied !== null && Math.abs(applied - result!) > 0.0005 ? (
            <p className="muted">{t('settings.converter.clamped', { value: applied })}</p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
