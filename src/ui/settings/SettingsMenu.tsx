import { useCallback, useEffect, useRef, useState } from 'react';
import { playUiSound } from '../../audio/uiSounds';
import { useTranslation } from 'react-i18next';
import '../../i18n';
import type { FetchFn } from '../../net/api';
import { selectCanSaveOrRevert, settingsActions, type SettingsSection } from '../../state/settings/settingsSlice';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { CROSSHAIR_TYPES, type CrosshairType } from '../../contracts/crosshair';
import {
  crosshairActions, saveCrosshairSetting, selectAnyCrosshairModified, selectCrosshairModified,
} from '../../state/crosshair/crosshairSlice';
import { isTypingInTextInput } from '../useGameInputs';
import { BindingsTab } from './BindingsTab';
import { ConfirmModal } from './ConfirmModal';
import { ControllerTab, MouseTab } from './ControlsTabs';
import { AudioTab, HudTab, VideoTab, VisualsTab } from './OptionTabs';
import './settings.css';
import { tabListKeyDown, useFocusTrap } from '../a11y';

/** The tabs of the settings menu (spec section 2). */
export const SETTINGS_TABS = ['controls', 'video', 'hud', 'visuals', 'audio'] as const;
/** A settings tab. */
export type SettingsTab = (typeof SETTINGS_TABS)[number];
/** The sub-tabs of Controls. */
export const CONTROLS_SUBTABS = ['mouse', 'bindings', 'controller'] as const;
/** A Controls sub-tab. */
export type ControlsSubtab = (typeof CONTROLS_SUBTABS)[number];

/** How long 'Saved' stays in the confirm modal before the menu closes, ms. */
export const SAVED_CLOSE_DELAY_MS = 1000;

/** SettingsMenu props. */
export interface SettingsMenuProps {
  /** leaves the menu (back to the pause menu, or away from the standalone page) */
  onClose(): void;
  /** 'overlay' over the game (default) or 'page' for the standalone /gameoptions/edit */
  variant?: 'overlay' | 'page';
  /** the fetch for the sensitivity game list (default: the global one) */
  fetchFn?: FetchFn;
  /** the user agent (desktop-client detection; default navigator.userAgent) */
  userAgent?: string;
  /** the tab shown first */
  initialTab?: SettingsTab;
  /** the crosshair editor open first (the HUD tab's; on the settings page the URL's
   * `#settings.{type}`) */
  initialEditor?: CrosshairType | null;
  /** the editor open changed (the settings page writes it into the URL's hash) */
  onEditorRoute?(type: CrosshairType | null): void;
}

/** Which reset-to-defaults section a tab (and Controls sub-tab) shows. */
export function sectionOf(tab: SettingsTab, sub: ControlsSubtab): SettingsSection {
  return tab === 'controls' ? sub : tab;
}

/**
 * The settings menu (spec sections 2-5): tabs Controls (Mouse, Bindings, Controller), Video,
 * HUD, Visuals, Audio; Save and Revert (disabled when nothing changed or while loading or
 * saving); Back, which with unsaved changes opens the confirm modal (Save or Revert, then
 * 'Saved' or 'Failed to save'). Loads the player's settings on first open. While it is open,
 * keys do not reach the game page (Escape acts as Back).
 */
export function SettingsMenu({
  onClose, variant = 'overlay', fetchFn, userAgent, initialTab = 'controls', initialEditor = null, onEditorRoute,
}: SettingsMenuProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const s = useAppSelector((st) => st.settings);
  const canSave = useAppSelector(selectCanSaveOrRevert);
  const [tab, setTab] = useState<SettingsTab>(initialEditor ? 'hud' : initialTab);
  const [sub, setSub] = useState<ControlsSubtab>('mouse');
  const [confirmOpen, setConfirmOpen] = useState(false);
  // over the game the menu is a modal dialog: Tab stays inside it (the confirm traps its own)
  const menuRef = useRef<HTMLDivElement>(null);
  useFocusTrap(menuRef, variant === 'overlay');
  const [confirmSaving, setConfirmSaving] = useState(false);
  // the crosshair editor open in the HUD tab: it then has the one Back / Save pair of the menu
  const [editing, setEditingState] = useState<CrosshairType | null>(initialEditor);
  const editorOpen = tab === 'hud' && editing !== null;
  const listeningRef = useRef(false);
  const editorRef = useRef(false);
  editorRef.current = editorOpen;
  const onEditorRouteRef = useRef(onEditorRoute);
  onEditorRouteRef.current = onEditorRoute;
  const setEditing = useCallback((type: CrosshairType | null) => {
    setEditingState(type);
    onEditorRouteRef.current?.(type);
  }, []);
  // a new initialEditor (the settings page's hash changed): open that editor
  useEffect(() => {
    if (initialEditor) {
      setTab('hud');
      setEditingState(initialEditor);
    }
  }, [initialEditor]);
  const busy = s.loading || s.saving;
  // unsaved edits of the crosshair, hit marker, miss marker and ADS editors count as unsaved
  // changes of the menu: Back asks about them too, and the confirm modal saves or reverts them
  const crosshairModified = useAppSelector(selectAnyCrosshairModified);
  const crosshairSaving = useAppSelector((st) => CROSSHAIR_TYPES.some((x) => st.crosshair.entries[x].save === 'saving'));
  const crosshairFailed = useAppSelector((st) => CROSSHAIR_TYPES.some((x) => st.crosshair.entries[x].save === 'failed'));
  const modifiedCrosshairTypes = useAppSelector((st) => CROSSHAIR_TYPES.filter((x) => selectCrosshairModified(st, x)).join(','));
  const anyModified = s.modified || crosshairModified;
  const anySaving = s.saving || crosshairSaving;

  useEffect(() => {
    if (!s.loaded && !s.loading) dispatch(settingsActions.loadRequested());
    // once per mount: a failed load is not retried in a loop
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const back = useCallback(() => {
    if (anyModified) setConfirmOpen(true);
    else onClose();
  }, [anyModified, onClose]);

  /** The confirm modal's Save: the settings and every modified editor's draft. */
  const saveAll = () => {
    setConfirmSaving(true);
    if (s.modified) dispatch(settingsActions.saveRequested());
    for (const type of modifiedCrosshairTypes ? modifiedCrosshairTypes.split(',') : []) {
      dispatch(saveCrosshairSetting({ type: type as (typeof CROSSHAIR_TYPES)[number], fetchFn }))
        .unwrap()
        .catch(() => undefined); // logged by the API; the modal reads 'Failed to save'
    }
  };
  /** The confirm modal's Revert: the settings and every editor's draft back to what is stored. */
  const revertAll = () => {
    dispatch(settingsActions.reverted());
    for (const type of CROSSHAIR_TYPES) dispatch(crosshairActions.cancelled({ type }));
  };
  const confirmStatus = crosshairFailed || s.status === 'failed' ? 'failed' : confirmSaving && !anySaving && !anyModified ? 'saved' : s.status;

  // Keys stay in the menu; Escape is Back (or closes the modal).
  const keyState = useRef({ back, confirmOpen });
  keyState.current = { back, confirmOpen };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      e.stopPropagation();
      if (e.key !== 'Escape' && e.code !== 'Escape') return;
      if (listeningRef.current || editorRef.current || e.repeat) return;
      if (isTypingInTextInput(e.target instanceof Element ? e.target : null)) return;
      e.preventDefault();
      if (keyState.current.confirmOpen) setConfirmOpen(false);
      else keyState.current.back();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // The confirm modal's save: 'Saved' shows, then the menu closes.
  useEffect(() => {
    if (!confirmOpen || !confirmSaving || anySaving) return;
    if (confirmStatus === 'saved') {
      const timer = window.setTimeout(() => {
        setConfirmOpen(false);
        setConfirmSaving(false);
        onClose();
      }, SAVED_CLOSE_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
    if (confirmStatus === 'failed') setConfirmSaving(false);
    return undefined;
  }, [confirmOpen, confirmSaving, anySaving, confirmStatus, onClose]);

  const onListeningChange = useCallback((on: boolean) => {
    listeningRef.current = on;
  }, []);

  const statusText = s.saving
    ? t('settings.saving')
    : s.loading
      ? t('settings.loading')
      : s.status !== 'none'
        ? t(`settings.status.${s.status}`)
        : s.modified
          ? t('settings.modified')
          : '';

  let body;
  if (tab === 'controls') {
    body =
      sub === 'mouse' ? (
        <MouseTab disabled={busy} fetchFn={fetchFn} />
      ) : sub === 'bindings' ? (
        <BindingsTab disabled={busy} onListeningChange={onListeningChange} />
      ) : (
        <ControllerTab disabled={busy} />
      );
  } else if (tab === 'video') body = <VideoTab disabled={busy} userAgent={userAgent} />;
  else if (tab === 'hud') body = <HudTab disabled={busy} editing={editing} onEdit={setEditing} />;
  else if (tab === 'visuals') body = <VisualsTab disabled={busy} />;
  else body = <AudioTab disabled={busy} />;

  const menu = (
    <div ref={menuRef} className={`panel settings settings--${variant}`} role="dialog" aria-modal={variant === 'overlay'} aria-labelledby="settings-title">
      <header className="settings__header">
        {/* while an editor is open its own Back leads out of it: one Back on screen */}
        {!editorOpen ? (
          <button type="button" className="btn" data-testid="settings-back" onClick={back} disabled={s.saving}>
            {t('settings.back')}
          </button>
        ) : null}
        <h2 className="panel__title settings__title" id="settings-title">
          {t('settings.title')}
        </h2>
        <span
          className={`settings__status${s.status === 'failed' ? ' error-text' : s.status === 'saved' ? ' settings-ok' : ' muted'}`}
          data-testid="settings-status"
          role="status"
        >
          {statusText}
        </span>
      </header>
      <nav className="settings__tabs" role="tablist" onKeyDown={tabListKeyDown}>
        {SETTINGS_TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={`settings__tab${tab === name ? ' settings__tab--active' : ''}`}
            data-testid={`settings-tab-${name}`}
            onClick={() => {
              if (tab !== name) playUiSound('switch');
              setTab(name);
              if (editing) setEditing(null);
            }}
          >
            {t(`settings.tabs.${name}`)}
          </button>
        ))}
      </nav>
      {tab === 'controls' ? (
        <nav className="settings__tabs settings__tabs--sub" role="tablist" onKeyDown={tabListKeyDown}>
          {CONTROLS_SUBTABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={sub === name}
              className={`settings__tab${sub === name ? ' settings__tab--active' : ''}`}
              data-testid={`settings-subtab-${name}`}
              onClick={() => setSub(name)}
            >
              {t(`settings.subtabs.${name}`)}
            </button>
          ))}
        </nav>
      ) : null}
      <div className="settings__body" role="tabpanel">
        {body}
      </div>
      {/* while an editor is open its own Reset / Cancel / Save act on it: one Save on screen */}
      {!editorOpen ? (
        <footer className="settings__footer">
          <button
            type="button"
            className="btn btn--small"
            data-testid="settings-reset"
            disabled={busy}
            onClick={() => dispatch(settingsActions.sectionReset(sectionOf(tab, sub)))}
          >
            {t('settings.reset')}
          </button>
          <span className="settings__spacer" />
          <button type="button" className="btn" data-testid="settings-revert" disabled={!canSave} onClick={() => dispatch(settingsActions.reverted())}>
            {t('settings.revert')}
          </button>
          <button type="button" className="btn btn--primary" data-testid="settings-save" disabled={!canSave} onClick={() => dispatch(settingsActions.saveRequested())}>
            {s.saving ? t('settings.saving') : t('settings.save')}
          </button>
        </footer>
      ) : null}
      {confirmOpen ? (
        <ConfirmModal
          status={confirmStatus}
          saving={anySaving}
          onSave={saveAll}
          onRevert={() => {
            revertAll();
            setConfirmOpen(false);
            onClose();
          }}
          onCancel={() => {
            setConfirmOpen(false);
            if (confirmStatus === 'saved' && !anyModified) onClose();
          }}
        />
      ) : null}
    </div>
  );

  if (variant === 'page') {
    return (
      <div className="settings-page" data-testid="settings-menu">
        {menu}
      </div>
    );
  }
  return (
    <div className="overlay overlay--center overlay--dim settings-overlay" data-testid="settings-menu">
      {menu}
    </div>
  );
}
