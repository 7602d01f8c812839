import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrosshairType } from '../../contracts/crosshair';
import { ROOM_CHOICES, type DespawnAnimation, type GameOptions, type HitSound, type RoomChoice, type ThemeName } from '../../contracts/gameOptions';
import { CrosshairEditorList, CrosshairEditorPage } from '../crosshair';
import { MAX_FPS_ENABLED_DEFAULT, SETTING_RANGES } from '../../contracts/settingRanges';
import { THEME_NAMES, VIDEO_PRESET_NAMES, type VideoPreset } from '../../state/settings/presets';
import { settingsActions, type OptionChange } from '../../state/settings/settingsSlice';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { SettingColour, SettingSelect, SettingToggle } from './SettingControls';
import { SettingSlider } from './SettingSlider';
import { HIT_SOUND_NAMES } from '../../audio/soundCatalogue';
import { previewHitSound } from '../../audio/previewSound';
import { autoRenderScale, subscribeAutoRenderScale } from '../../game/effects/videoQuality';
import { CUSTOM_HIT_SOUND, listCustomSounds, registerCustomSound } from '../../audio/customSounds';

/** The desktop client's user agent token and test (src/contracts/desktopClient.ts; it unlocks
 * the max-FPS setting). */
export { DESKTOP_CLIENT_UA, isDesktopClient } from '../../contracts/desktopClient';
import { isDesktopClient } from '../../contracts/desktopClient';

/** Dispatches one game options edit. */
function useOptionChange() {
  const dispatch = useAppDispatch();
  return (change: OptionChange) => dispatch(settingsActions.optionChanged(change));
}

/** Tab props: `disabled` while loading or saving. */
export interface TabProps {
  disabled?: boolean;
}

/** VideoTab props. */
export interface VideoTabProps extends TabProps {
  /** the user agent to detect the desktop client by (default navigator.userAgent) */
  userAgent?: string;
}

/**
 * Video: preset (Low / Medium / High / Custom; editing a field makes it Custom), automatic
 * quality, brightness, shadows, anisotropy, render scale, anti-aliasing (a change from the
 * starting value shows the save-and-restart notice) and max FPS (desktop client only).
 */
export function VideoTab({ disabled, userAgent }: VideoTabProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const change = useOptionChange();
  const video = useAppSelector((s) => s.settings.gameOptions.video);
  const preset = useAppSelector((s) => s.settings.videoPreset);
  const auto = useAppSelector((s) => s.settings.controls.graphics_quality_auto);
  const autoScale = useSyncExternalStore(subscribeAutoRenderScale, autoRenderScale, () => null);
  const restartRequired = useAppSelector((s) => s.settings.restartRequired);
  const desktop = isDesktopClient(userAgent ?? (typeof navigator !== 'undefined' ? navigator.userAgent : ''));

  return (
    <div className="settings-section" data-testid="settings-video">
      <SettingSelect<VideoPreset>
        field="video_preset"
        label={t('settings.fields.video_preset')}
        value={preset}
        disabled={disabled}
        options={VIDEO_PRESET_NAMES.map((p) => ({ value: p, label: t(`settings.options.video_preset.${p}`) }))}
        onChange={(p) => dispatch(settingsActions.videoPresetSelected(p))}
      />
      <SettingToggle
        field="graphics_quality_auto"
        label={t('settings.fields.graphics_quality_auto')}
        checked={auto}
        disabled={disabled}
        onChange={(v) => dispatch(settingsActions.controlChanged({ key: 'graphics_quality_auto', value: v }))}
      />
      {autoScale !== null && (
        // the render scale automatic quality uses now (a running drill in this page)
        <p className="muted setting__hint" data-testid="auto-render-scale">
          {t('settings.notices.auto_render_scale', { scale: Math.round(autoScale * 100) })}
        </p>
      )}
      <SettingSlider
        field="brightness"
        label={t('settings.fields.brightness')}
        value={video.brightness}
        range={SETTING_RANGES.brightness}
        disabled={disabled}
        onChange={(v) => change({ group: 'video', key: 'brightness', value: v })}
      />
      <p className="muted setting__hint">{t('settings.notices.brightness_factory')}</p>
      <SettingSelect<GameOptions['video']['shadows']>
        field="shadows"
        label={t('settings.fields.shadows')}
        value={video.shadows}
        disabled={disabled}
        options={([0, 1, 2] as const).map((v) => ({ value: v, label: t(`settings.options.shadows.${v}`) }))}
        onChange={(v) => change({ group: 'video', key: 'shadows', value: v })}
      />
      <SettingSelect<GameOptions['video']['anisotropy']>
        field="anisotropy"
        label={t('settings.fields.anisotropy')}
        value={video.anisotropy}
        disabled={disabled}
        options={([1, 2, 4, 8, 16] as const).map((v) => ({ value: v, label: `${v}x` }))}
        onChange={(v) => change({ group: 'video', key: 'anisotropy', value: v })}
      />
      <SettingSlider
        field="render_scale"
        label={t('settings.fields.render_scale')}
        value={video.render_scale}
        range={SETTING_RANGES.render_scale}
        disabled={disabled}
        onChange={(v) => change({ group: 'video', key: 'render_scale', value: v })}
      />
      <SettingToggle
        field="anti_aliasing"
        label={t('settings.fields.anti_aliasing')}
        checked={video.anti_aliasing}
        disabled={disabled}
        onChange={(v) => change({ group: 'video', key: 'anti_aliasing', value: v })}
      />
      {restartRequired ? (
        <p className="settings-notice" role="status" data-testid="settings-restart-notice">
          {t('settings.notices.restart_required')}
        </p>
      ) : null}
      <SettingToggle
        field="max_fps_enabled"
        label={t('settings.fields.max_fps_enabled')}
        checked={video.max_fps !== null}
        disabled={disabled || !desktop}
        onChange={(on) => change({ group: 'video', key: 'max_fps', value: on ? MAX_FPS_ENABLED_DEFAULT : null })}
      />
      <SettingSlider
        field="max_fps"
        label={t('settings.fields.max_fps')}
        value={video.max_fps ?? MAX_FPS_ENABLED_DEFAULT}
        range={SETTING_RANGES.max_fps}
        disabled={disabled || !desktop || video.max_fps === null}
        onChange={(v) => change({ group: 'video', key: 'max_fps', value: v })}
      />
      {!desktop ? <p className="muted setting__hint">{t('settings.notices.max_fps_desktop_only')}</p> : null}
    </div>
  );
}

/** HudTab props. */
export interface HudTabProps extends TabProps {
  /** the crosshair editor shown instead of the tab's fields (null: the fields and the list) */
  editing: CrosshairType | null;
  /** opens an editor (or, with null, goes back to the fields); the menu then leaves Escape, Back
   * and Save to the editor */
  onEdit(type: CrosshairType | null): void;
}

/** HUD: the crosshair, hit marker, miss marker and ADS crosshair editors at its top
 * (CrosshairEditorPage sub-pages, routed as `settings.{type}` on the settings page), every `hud`
 * field and the notification preferences. */
export function HudTab({ disabled, editing, onEdit }: HudTabProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const change = useOptionChange();
  const hud = useAppSelector((s) => s.settings.gameOptions.hud);
  const other = useAppSelector((s) => s.settings.gameOptions.other);
  if (editing) {
    return (
      <div className="settings-section" data-testid="settings-crosshair-editor">
        <CrosshairEditorPage type={editing} onBack={() => onEdit(null)} />
      </div>
    );
  }

  const flag = (key: 'enabled' | 'targets_destroyed' | 'time_destroy' | 'crit_hit' | 'show_target_health_bar' | 'show_target_lifetime_bar' | 'spawn_indicator' | 'clip' | 'fps' | 'objective_bar') => (
    <SettingToggle
      key={key}
      field={key === 'enabled' ? 'hud_enabled' : key}
      label={t(`settings.fields.${key}`)}
      checked={hud[key]}
      disabled={disabled}
      onChange={(v) => change({ group: 'hud', key, value: v })}
    />
  );

  return (
    <div className="settings-section" data-testid="settings-hud">
      <CrosshairEditorList onOpen={(type) => onEdit(type)} />
      <h3 className="settings-section__title">{t('settings.sections.hud')}</h3>
      {flag('enabled')}
      <SettingSelect<GameOptions['hud']['stats']>
        field="stats"
        label={t('settings.fields.stats')}
        value={hud.stats}
        disabled={disabled}
        options={([0, 1, 2] as const).map((v) => ({ value: v, label: t(`settings.options.stats.${v}`) }))}
        onChange={(v) => change({ group: 'hud', key: 'stats', value: v })}
      />
      {flag('targets_destroyed')}
      {flag('time_destroy')}
      {flag('crit_hit')}
      {flag('show_target_health_bar')}
      {flag('show_target_lifetime_bar')}
      {flag('spawn_indicator')}
      {flag('clip')}
      {flag('fps')}
      {flag('objective_bar')}
      <SettingSlider
        field="status_bar_size"
        label={t('settings.fields.status_bar_size')}
        value={hud.status_bar_size}
        range={SETTING_RANGES.status_bar_size}
        disabled={disabled}
        onChange={(v) => change({ group: 'hud', key: 'status_bar_size', value: v })}
      />
      <h3 className="settings-section__title">{t('settings.sections.notifications')}</h3>
      <SettingToggle
        field="low_fps_notification"
        label={t('settings.fields.low_fps_notification')}
        checked={other.low_fps.notification_enabled}
        disabled={disabled}
        onChange={(v) => dispatch(settingsActions.notificationChanged({ key: 'low_fps', value: v }))}
      />
      <SettingToggle
        field="mouse_skip_notification_shown"
        label={t('settings.fields.mouse_skip_notification_shown')}
        checked={other.mouse_skip.notification_shown}
        disabled={disabled}
        onChange={(v) => dispatch(settingsActions.notificationChanged({ key: 'mouse_skip', value: v }))}
      />
    </div>
  );
}

/** Visuals: the `visual` group (despawn animation, weapon, effects, roughness, sight colour) and
 * the `texture` group (theme preset or Custom, colours, line thickness, custom textures). */
export function VisualsTab({ disabled }: TabProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const change = useOptionChange();
  const visual = useAppSelector((s) => s.settings.gameOptions.visual);
  const texture = useAppSelector((s) => s.settings.gameOptions.texture);

  const flag = (key: 'show_weapon' | 'on_hit_effect' | 'on_hit_effect_auto' | 'weapon_sway' | 'on_hit_target' | 'tracer_bullets' | 'bullet_holes' | 'target_outline') => (
    <SettingToggle
      key={key}
      field={key}
      label={t(`settings.fields.${key}`)}
      checked={visual[key]}
      disabled={disabled}
      onChange={(v) => change({ group: 'visual', key, value: v })}
    />
  );

  return (
    <div className="settings-section" data-testid="settings-visuals">
      <h3 className="settings-section__title">{t('settings.sections.effects')}</h3>
      <SettingSelect<DespawnAnimation>
        field="target_despawn_animation"
        label={t('settings.fields.target_despawn_animation')}
        value={visual.target_despawn_animation}
        disabled={disabled}
        options={(['none', 'glow', 'holo', 'dissolve', 'explode'] as const).map((v) => ({ value: v, label: t(`settings.options.despawn.${v}`) }))}
        onChange={(v) => change({ group: 'visual', key: 'target_despawn_animation', value: v })}
      />
      {flag('show_weapon')}
      {flag('on_hit_effect')}
      {flag('on_hit_effect_auto')}
      <SettingSlider
        field="muzzle_flash_size"
        label={t('settings.fields.muzzle_flash_size')}
        value={visual.muzzle_flash_size}
        range={SETTING_RANGES.muzzle_flash_size}
        disabled={disabled}
        onChange={(v) => change({ group: 'visual', key: 'muzzle_flash_size', value: v })}
      />
      {flag('weapon_sway')}
      <SettingSlider
        field="target_roughness"
        label={t('settings.fields.target_roughness')}
        value={visual.target_roughness}
        range={SETTING_RANGES.target_roughness}
        disabled={disabled}
        onChange={(v) => change({ group: 'visual', key: 'target_roughness', value: v })}
      />
      {flag('on_hit_target')}
      {flag('tracer_bullets')}
      {flag('bullet_holes')}
      <SettingColour
        field="sight_colour"
        label={t('settings.fields.sight_colour')}
        value={visual.sight_colour}
        disabled={disabled}
        onChange={(v) => change({ group: 'visual', key: 'sight_colour', value: v })}
      />

      <SettingSelect<RoomChoice>
        field="room"
        label={t('settings.fields.room')}
        value={visual.room}
        disabled={disabled}
        options={ROOM_CHOICES.map((v) => ({ value: v, label: t(`settings.options.room.${v}`) }))}
        onChange={(v) => change({ group: 'visual', key: 'room', value: v })}
      />
      {flag('target_outline')}

      <h3 className="settings-section__title">{t('settings.sections.theme')}</h3>
      <SettingSelect<ThemeName>
        field="theme"
        label={t('settings.fields.theme')}
        value={(THEME_NAMES as readonly string[]).includes(texture.theme) ? (texture.theme as ThemeName) : 'Custom'}
        disabled={disabled}
        options={THEME_NAMES.map((v) => ({ value: v, label: t(`settings.options.theme.${v}`) }))}
        onChange={(v) => dispatch(settingsActions.themeSelected(v))}
      />
      <SettingColour
        field="target_colour"
        label={t('settings.fields.target_colour')}
        value={texture.target_colour}
        disabled={disabled}
        onChange={(v) => change({ group: 'texture', key: 'target_colour', value: v })}
      />
      <SettingColour
        field="wall_colour"
        label={t('settings.fields.wall_colour')}
        value={texture.wall_colour}
        disabled={disabled}
        onChange={(v) => change({ group: 'texture', key: 'wall_colour', value: v })}
      />
      <SettingColour
        field="line_colour"
        label={t('settings.fields.line_colour')}
        value={texture.line_colour}
        disabled={disabled}
        onChange={(v) => change({ group: 'texture', key: 'line_colour', value: v })}
      />
      <SettingSlider
        field="line_thickness"
        label={t('settings.fields.line_thickness')}
        value={texture.line_thickness}
        range={SETTING_RANGES.line_thickness}
        disabled={disabled}
        onChange={(v) => change({ group: 'texture', key: 'line_thickness', value: v })}
      />
      <SettingSelect<GameOptions['texture']['custom_textures_type']>
        field="custom_textures_type"
        label={t('settings.fields.custom_textures_type')}
        value={texture.custom_textures_type}
        disabled={disabled}
        options={(['Dynamic', 'Image'] as const).map((v) => ({ value: v, label: t(`settings.options.textures_type.${v}`) }))}
        onChange={(v) => change({ group: 'texture', key: 'custom_textures_type', value: v })}
      />
      {texture.custom_textures_type === 'Image' ? (
        <div className="setting setting--text">
          <label className="setting__label" htmlFor="setting-custom-textures-name">
            {t('settings.fields.custom_textures_name')}
          </label>
          <input
            id="setting-custom-textures-name"
            type="text"
            maxLength={256}
            data-testid="setting-custom_textures_name"
            value={texture.custom_textures_name ?? ''}
            disabled={disabled}
            onChange={(e) => change({ group: 'texture', key: 'custom_textures_name', value: e.currentTarget.value || null })}
          />
        </div>
      ) : null}
    </div>
  );
}

const VOLUMES = ['volume', 'music', 'spawn', 'despawn', 'gun', 'reward', 'crit'] as const;

/** Audio: the seven volumes (0-10 integers), custom sounds and the hit sound. */
export function AudioTab({ disabled }: TabProps) {
  const { t } = useTranslation();
  const change = useOptionChange();
  const audio = useAppSelector((s) => s.settings.gameOptions.audio);
  return (
    <div className="settings-section" data-testid="settings-audio">
      <h3 className="settings-section__title">{t('settings.sections.volume')}</h3>
      {VOLUMES.map((key) => (
        <SettingSlider
          key={key}
          field={key}
          label={t(`settings.fields.${key}`)}
          value={audio[key]}
          range={SETTING_RANGES.audio}
          disabled={disabled}
          onChange={(v) => change({ group: 'audio', key, value: v })}
        />
      ))}
      <h3 className="settings-section__title">{t('settings.sections.sounds')}</h3>
      <SettingToggle
        field="custom_sounds"
        label={t('settings.fields.custom_sounds')}
        checked={audio.custom_sounds}
        disabled={disabled}
        onChange={(v) => change({ group: 'audio', key: 'custom_sounds', value: v })}
      />
      <SettingSelect<HitSound>
        field="hitsound"
        label={t('settings.fields.hitsound')}
        value={audio.hitsound}
        disabled={disabled}
        options={(['default', 'clap', 'pong', 'pop', 'tap', 'thud', 'custom'] as const).map((v) => ({ value: v, label: t(`settings.options.hitsound.${v}`) }))}
        onChange={(v) => change({ group: 'audio', key: 'hitsound', value: v })}
      />
      {audio.custom_sounds ? <CustomHitSoundField disabled={disabled} /> : null}
      <HitSoundPreview audio={audio} />
    </div>
  );
}

/** The player's own hit sound (hit sound 'custom' with custom sounds on): a URL field saved at
 * once through POST /api/v1/assets/sounds (a same-origin /assets/ file or an https URL of an
 * audio file); the server's error is shown as is. */
function CustomHitSoundField({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    listCustomSounds()
      .then((list) => {
        const mine = list.find((r) => r.sound_type === CUSTOM_HIT_SOUND);
        if (live && mine) setUrl(mine.url);
      })
      .catch((e) => console.warn('Custom sounds could not be listed', e));
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="setting">
      <label className="setting__label" htmlFor="custom-hitsound-url">{t('settings.fields.custom_hitsound_url')}</label>
      <div className="setting__control">
        <input
          id="custom-hitsound-url"
          type="url"
          data-testid="custom-hitsound-url"
          value={url}
          disabled={disabled || busy}
          placeholder="https://…/hit.ogg"
          onChange={(e) => setUrl(e.currentTarget.value)}
        />
        <button
          type="button"
          className="btn btn--small"
          data-testid="custom-hitsound-save"
          disabled={disabled || busy || url.trim() === ''}
          onClick={() => {
            setBusy(true);
            registerCustomSound(CUSTOM_HIT_SOUND, url.trim())
              .then(() => setStatus({ ok: true, text: t('settings.custom_sound_saved') }))
              .catch((e: unknown) => setStatus({ ok: false, text: e instanceof Error ? e.message : String(e) }))
              .finally(() => setBusy(false));
          }}
        >
          {t('settings.custom_sound_use')}
        </button>
        {status ? (
          <span className={status.ok ? 'setting__suffix' : 'setting__hint'} role="status" data-testid="custom-hitsound-status">{status.text}</span>
        ) : null}
      </div>
    </div>
  );
}

/** One preview button per shipped hit sound (test id `hitsound-preview-{name}`), played at the
 * volumes being edited (src/audio/previewSound.ts); the last one played is marked. */
function HitSoundPreview({ audio }: { audio: GameOptions['audio'] }) {
  const { t } = useTranslation();
  const [last, setLast] = useState<string | null>(null);
  return (
    <div className="setting setting--preview" data-testid="hitsound-preview">
      <span className="setting__label">{t('settings.fields.hitsound_preview')}</span>
      <div className="setting__buttons">
        {HIT_SOUND_NAMES.map((name) => (
          <button
            key={name}
            type="button"
            className={`btn btn--small${last === name ? ' btn--primary' : ''}`}
            data-testid={`hitsound-preview-${name}`}
            aria-label={t('settings.preview_hitsound', { name: t(`settings.options.hitsound.${name}`) })}
            onClick={() => {
              setLast(name);
              previewHitSound(name, audio).catch((e) => console.warn('Hit sound preview failed', e));
            }}
          >
            ▶ {t(`settings.options.hitsound.${name}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
