import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import '../../i18n';
import type { CrosshairType, Rgba } from '../../contracts/crosshair';
import { effectiveConfigOf, legacyConfigOf } from '../../game/crosshairGeometry';
import type { FetchFn } from '../../net/api';
import {
  crosshairActions, loadCrosshairSetting, saveCrosshairSetting, selectCrosshairEntry, selectCrosshairModified,
  type CrosshairRootState,
} from '../../state/crosshair/crosshairSlice';
import { NUMBER_FIELDS, type BooleanFieldPath, type FieldPath, type NumberFieldPath } from '../../state/crosshair/fields';
import type { AppDispatch, RootState } from '../../state/store';
import { THEME_PRESETS } from '../../contracts/gameOptions';
import { roomBackdropUrl } from './roomBackdrop';
import { CheckboxField, ColorField, NumberField } from './CrosshairFields';
import { CrosshairPreview } from './CrosshairPreview';
import { CROSSHAIR_CANVAS_PX } from '../../game/crosshairOverlay';
import './crosshairEditor.css';
import { useFocusTrap } from '../a11y';

/** Height (CSS px) the editor needs around its preview: the menu's header and tabs, the
 * editor's title row, the zoom row and the sticky Save / Cancel footer (measured at 1280x720). */
const PREVIEW_CHROME_PX = 380;
/** The smallest preview (CSS px). */
const PREVIEW_MIN_PX = 200;

/**
 * The preview's side in CSS px: the full CROSSHAIR_CANVAS_PX where the window is tall enough,
 * else what leaves the zoom and preview controls above the footer (innerHeight -
 * PREVIEW_CHROME_PX, at least PREVIEW_MIN_PX); follows window resizes. The crosshair is drawn at
 * its true pixel size whatever the side: a smaller preview shows less of the room around it.
 */
function usePreviewSize(): number {
  const fit = () => (typeof window === 'undefined'
    ? CROSSHAIR_CANVAS_PX
    : Math.max(PREVIEW_MIN_PX, Math.min(CROSSHAIR_CANVAS_PX, Math.floor(window.innerHeight - PREVIEW_CHROME_PX))));
  const [size, setSize] = useState(fit);
  useEffect(() => {
    const onResize = () => setSize(fit());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/** CrosshairEditorPage props. */
export interface CrosshairEditorPageProps {
  /** which of the four looks to edit */
  type: CrosshairType;
  /** leaves the page (the settings menu's HUD tab goes back to its list) */
  onBack(): void;
  /** the fetch used for GET/POST /api/v2/user/{type}; default the global fetch */
  fetchFn?: FetchFn;
}

const PREVIEW_SCALES = [1, 2, 4] as const;
/** The spread the preview shows with 'Show spread' on (px, firing and moving). */
const PREVIEW_SPREAD = { firingPx: 4, movementPx: 4 } as const;

/** The routed name of a type's editor page (spec section 2): `settings.{type}`. */
export function crosshairEditorRoute(type: CrosshairType): string {
  return `settings.${type}`;
}

/** The type of a routed name `settings.{type}`, or null when it is not a crosshair editor. */
export function crosshairTypeOfRoute(name: string): CrosshairType | null {
  const m = /^settings\.(crosshair|hitmarker|missmarker|ads)$/.exec(name);
  return m ? (m[1] as CrosshairType) : null;
}

/** i18n key of a field's label: `crosshair.fields.{path with _ for .}`. */
const fieldKey = (path: string) => `crosshair.fields.${path.replace(/\./g, '_')}`;

/**
 * The editor of one crosshair type (routed name `settings.{type}`; the settings menu's HUD tab
 * embeds it). Loads `GET /api/v2/user/{type}` on mount (unless already loaded) and shows every
 * field of spec sections 3/5 with a live 400×400 preview drawn by the game's own geometry.
 * Edits go to the draft of the `crosshair` slice (so they preview live); Cancel restores the
 * stored setting; Save commits and persists with `POST /api/v2/user/{type}` ('Saved' /
 * 'Failed to save'). With the custom look off the preview shows the legacy (built-in) look;
 * editing any field turns the custom look on. Back (or Escape) with unsaved changes asks
 * first: Save, Discard or Cancel. Needs a react-redux Provider whose store has the
 * `crosshair` slice (src/state/store.ts has it).
 */
export function CrosshairEditorPage({ type, onBack, fetchFn }: CrosshairEditorPageProps) {
  const { t } = useTranslation();
  const dispatch = useDispatch<AppDispatch>();
  const entry = useSelector((s: CrosshairRootState) => selectCrosshairEntry(s, type));
  const modified = useSelector((s: CrosshairRootState) => selectCrosshairModified(s, type));
  const [scale, setScale] = useState<number>(1);
  const [light, setLight] = useState(false);
  // the preview sits over a frame of the game's room in the player's theme colours (issue 16)
  const texture = useSelector((st: RootState) => st.settings?.gameOptions?.texture);
  const roomBackground = useMemo(() => {
    const def = THEME_PRESETS.Default;
    const url = roomBackdropUrl({
      wall: texture?.wall_colour ?? def.wall_colour,
      line: texture?.line_colour ?? def.line_colour,
      target: texture?.target_colour ?? def.target_colour,
    });
    return url ? `center / cover no-repeat url("${url}"), #2a2f3a` : '#2a2f3a';
  }, [texture?.wall_colour, texture?.line_colour, texture?.target_colour]);
  const [showSpread, setShowSpread] = useState(false);
  const [confirmBack, setConfirmBack] = useState(false);
  const previewSize = usePreviewSize();
  const confirmRef = useRef<HTMLDivElement>(null);
  useFocusTrap(confirmRef, confirmBack);

  useEffect(() => {
    if (entry.load === 'idle') {
      dispatch(loadCrosshairSetting({ type, fetchFn })).unwrap().catch(() => {
        /* logged by the API; the page shows the load error */
      });
    }
    // load once per type; a retry is explicit
  }, [type]);

  const { draft } = entry;
  const cfg = draft.config;
  const loading = entry.load === 'loading' || entry.load === 'idle';
  const saving = entry.save === 'saving';
  const busy = loading || saving;
  const previewConfig = useMemo(() => effectiveConfigOf(type, draft), [type, draft]);

  const edit = (path: FieldPath, value: number | boolean | Partial<Rgba>) =>
    dispatch(crosshairActions.edited({ type, path, value }));

  const save = async (): Promise<boolean> => {
    try {
      await dispatch(saveCrosshairSetting({ type, fetchFn })).unwrap();
      return true;
    } catch {
      return false; // logged by the API; the page shows 'Failed to save'
    }
  };
  const cancel = () => dispatch(crosshairActions.cancelled({ type }));
  const retry = () => {
    dispatch(loadCrosshairSetting({ type, fetchFn })).unwrap().catch(() => {});
  };
  const back = () => {
    if (modified) setConfirmBack(true);
    else onBack();
  };

  // Escape acts as Back (closes the unsaved-changes question first); the settings menu leaves
  // Escape to an open editor.
  const keys = useRef({ back, confirmBack });
  keys.current = { back, confirmBack };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.key !== 'Escape' && e.code !== 'Escape') || e.repeat || e.defaultPrevented) return;
      e.preventDefault();
      if (keys.current.confirmBack) setConfirmBack(false);
      else keys.current.back();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const num = (path: NumberFieldPath) => (
    <NumberField
      key={path}
      path={path}
      label={t(fieldKey(path))}
      value={readNumber(cfg, path)}
      range={NUMBER_FIELDS[path]}
      disabled={busy}
      onChange={(v) => edit(path, v)}
    />
  );
  const check = (path: Exclude<BooleanFieldPath, 'enabled'>) => (
    <CheckboxField
      key={path}
      path={path}
      label={t(fieldKey(path))}
      checked={readBool(cfg, path)}
      disabled={busy}
      onChange={(v) => edit(path, v)}
    />
  );

  return (
    <section className="xh-editor" data-testid={`crosshair-editor-${type}`} aria-labelledby={`xh-title-${type}`}>
      <header className="xh-editor__header">
        <button type="button" className="btn" data-testid="crosshair-back" onClick={back}>
          {t('crosshair.back')}
        </button>
        <h2 className="xh-editor__title" id={`xh-title-${type}`}>
          {t(`crosshair.types.${type}`)}
        </h2>
        {/* in the header row: the line below the header pushed the preview and its zoom under
            the sticky Save / Cancel footer at 1280x720 while the setting loaded */}
        {loading && (
          <span className="muted" role="status" data-testid="crosshair-loading">
            {t('crosshair.loading')}
          </span>
        )}
      </header>

      {entry.load === 'failed' && (
        <p className="xh-editor__error error-text" role="alert" data-testid="crosshair-load-error">
          {t('crosshair.load_failed')}{' '}
          <button type="button" className="btn" onClick={retry}>
            {t('crosshair.retry')}
          </button>
        </p>
      )}

      <div className="xh-editor__body">
        <div className="xh-editor__preview">
          <CrosshairPreview
            config={previewConfig}
            size={previewSize}
            scale={scale}
            background={light ? '#c9ced8' : roomBackground}
            label={t('crosshair.preview')}
            spread={showSpread ? PREVIEW_SPREAD : undefined}
          />
          <div className="xh-editor__preview-tools">
            <span>{t('crosshair.zoom')}</span>
            {PREVIEW_SCALES.map((s) => (
              <button
                key={s}
                type="button"
                className={`btn btn--small${s === scale ? ' btn--primary' : ''}`}
                aria-pressed={s === scale}
                onClick={() => setScale(s)}
              >
                {s}×
              </button>
            ))}
            <label className="xh-field--check">
              <input type="checkbox" checked={light} onChange={(e) => setLight(e.target.checked)} />
              <span>{t('crosshair.background_light')}</span>
            </label>
            <label className="xh-field--check">
              <input type="checkbox" checked={showSpread} data-testid="crosshair-show-spread" onChange={(e) => setShowSpread(e.target.checked)} />
              <span>{t('crosshair.show_spread')}</span>
            </label>
          </div>
          {!draft.enabled && (
            <p className="muted xh-editor__note" data-testid="crosshair-legacy-note">
              {t(type === 'ads' ? 'crosshair.legacy_note_ads' : 'crosshair.legacy_note')}
            </p>
          )}
        </div>

        <div className="xh-editor__fields">
          <CheckboxField
            path="enabled"
            label={t(`crosshair.enabled.${type}`)}
            checked={draft.enabled}
            disabled={busy}
            onChange={(v) => edit('enabled', v)}
          />
          <fieldset className="xh-group">
            <legend>{t('crosshair.sections.general')}</legend>
            <ColorField path="color" label={t(fieldKey('color'))} alphaLabel={t(fieldKey('color.a'))} value={cfg.color} disabled={busy} onChange={(v) => edit('color', v)} />
            <ColorField
              path="outlineColor"
              label={t(fieldKey('outlineColor'))}
              alphaLabel={t(fieldKey('outlineColor.a'))}
              value={cfg.outlineColor}
              disabled={busy}
              onChange={(v) => edit('outlineColor', v)}
            />
            {num('outline')}
            {num('alpha')}
            {check('rotation')}
          </fieldset>
          <fieldset className="xh-group">
            <legend>{t('crosshair.sections.lines')}</legend>
            {check('crosshair.enabled')}
            {num('crosshair.len')}
            {num('crosshair.thick')}
            {num('crosshair.gap')}
            {num('crosshair.radius')}
            {check('crosshair.tStyle')}
            {check('crosshair.firing_inaccuracy')}
            {check('crosshair.movement_inaccuracy')}
          </fieldset>
          <fieldset className="xh-group">
            <legend>{t('crosshair.sections.dot')}</legend>
            {check('dot.enabled')}
            {num('dot.size')}
          </fieldset>
          <fieldset className="xh-group">
            <legend>{t('crosshair.sections.disc')}</legend>
            {check('disc.enabled')}
            {num('disc.size')}
            {num('disc.thick')}
            {check('crosshair.disc_firing_inaccuracy')}
            {check('crosshair.disc_movement_inaccuracy')}
          </fieldset>
        </div>
      </div>

      <footer className="xh-editor__actions">
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => dispatch(crosshairActions.draftReplaced({ type, config: legacyConfigOf(type) }))}
        >
          {t('crosshair.reset')}
        </button>
        <button type="button" className="btn" data-testid="crosshair-cancel" disabled={!modified || busy} onClick={cancel}>
          {t('crosshair.cancel')}
        </button>
        <button type="button" className="btn btn--primary" data-testid="crosshair-save" disabled={!modified || busy} onClick={() => void save()}>
          {saving ? t('crosshair.saving') : t('crosshair.save')}
        </button>
        <span className="xh-editor__status" role="status" data-testid="crosshair-status">
          {entry.save === 'saved' && !modified && <span className="xh-status--ok">{t('crosshair.saved')}</span>}
          {entry.save === 'failed' && <span className="error-text">{t('crosshair.failed')}</span>}
        </span>
      </footer>

      {confirmBack && (
        // a modal over the whole viewport (not drawn below the editor, where it could be off-screen)
        <div ref={confirmRef} className="overlay overlay--center overlay--dim xh-confirm" role="alertdialog" aria-modal="true" aria-labelledby="xh-confirm-text" data-testid="crosshair-confirm">
          <div className="panel panel--narrow menu">
            <p id="xh-confirm-text">{t('crosshair.unsaved')}</p>
            <button
              type="button"
              className="btn btn--primary"
              disabled={saving}
              autoFocus
              onClick={async () => {
                if (await save()) {
                  setConfirmBack(false);
                  onBack();
                }
              }}
            >
              {t('crosshair.save')}
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => {
                cancel();
                setConfirmBack(false);
                onBack();
              }}
            >
              {t('crosshair.discard')}
            </button>
            <button type="button" className="btn" onClick={() => setConfirmBack(false)}>
              {t('crosshair.cancel')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

/** The number at `path` of a config (0 when missing). */
function readNumber(cfg: object, path: string): number {
  const v = path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), cfg);
  return typeof v === 'number' ? v : 0;
}

/** The boolean at `path` of a config. */
function readBool(cfg: object, path: string): boolean {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), cfg) === true;
}
