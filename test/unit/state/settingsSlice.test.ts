/** The settings slice as pure reducers (spec section 4, "Settings"). */
import { THEME_PRESETS, defaultControlOptions, defaultGameOptions } from '../../../src/contracts/gameOptions';
import {
  initialSettingsState,
  selectCanSaveOrRevert,
  settingsActions as A,
  settingsReducer,
  valuesFromServer,
  saveBodyOf,
  type SettingsState,
} from '../../../src/state/settings/settingsSlice';
import { videoPresetOf } from '../../../src/state/settings/presets';
import type { UnknownAction } from '@reduxjs/toolkit';

const run = (actions: UnknownAction[], state: SettingsState = initialSettingsState()): SettingsState =>
  actions.reduce((s, a) => settingsReducer(s, a), state);

const loadedState = (gameOptions = defaultGameOptions(), controls = defaultControlOptions()) =>
  run([A.loadRequested(), A.loaded({ gameOptions, controls })]);

describe('loading', () => {
  test('starts with the defaults, not loaded, nothing modified', () => {
    const s = initialSettingsState();
    expect(s.gameOptions).toEqual(defaultGameOptions());
    expect(s.controls).toEqual(defaultControlOptions());
    expect(s).toMatchObject({ loading: false, loaded: false, saving: false, modified: false, status: 'none', videoPreset: 'High' });
  });

  test('loadRequested → loading; loaded → values, preset and AA baseline from the server', () => {
    const g = defaultGameOptions();
    g.video = { ...g.video, anisotropy: 4, anti_aliasing: false, render_scale: 1, shadows: 1 };
    const c = { ...defaultControlOptions(), mouse_sens: 2.5 };
    let s = run([A.loadRequested()]);
    expect(s.loading).toBe(true);
    expect(selectCanSaveOrRevert({ settings: s })).toBe(false);
    s = settingsReducer(s, A.loaded({ gameOptions: g, controls: c }));
    expect(s).toMatchObject({ loading: false, loaded: true, modified: false, videoPreset: 'Medium', initialAntiAliasing: false, restartRequired: false });
    expect(s.controls.mouse_sens).toBe(2.5);
    expect(s.saved.controls.mouse_sens).toBe(2.5);
  });

  test('a failed load only ends loading; the defaults stay', () => {
    const s = run([A.loadRequested(), A.loadFailed()]);
    expect(s).toMatchObject({ loading: false, loaded: false, modified: false });
    expect(s.gameOptions).toEqual(defaultGameOptions());
  });

  test('valuesFromServer merges partial answers over the defaults', () => {
    const v = valuesFromServer({ game_options: { audio: { music: 7 } }, controls: { mouse_sens: 3 } });
    expect(v.gameOptions.audio).toEqual({ ...defaultGameOptions().audio, music: 7 });
    expect(v.controls).toEqual({ ...defaultControlOptions(), mouse_sens: 3 });
    expect(valuesFromServer(null).gameOptions).toEqual(defaultGameOptions());
  });
});

describe('modified flag, save, revert', () => {
  test('any edit sets modified; Save clears it and sets status saved', () => {
    let s = settingsReducer(loadedState(), A.optionChanged({ group: 'audio', key: 'music', value: 7 }));
    expect(s.modified).toBe(true);
    expect(selectCanSaveOrRevert({ settings: s })).toBe(true);
    s = settingsReducer(s, A.saveRequested());
    expect(s.saving).toBe(true);
    expect(selectCanSaveOrRevert({ settings: s })).toBe(false);
    expect(saveBodyOf(s).game_options.audio.music).toBe(7);
    s = settingsReducer(s, A.saveSucceeded(undefined));
    expect(s).toMatchObject({ saving: false, modified: false, status: 'saved' });
    expect(s.saved.gameOptions.audio.music).toBe(7);
    // a revert now keeps the saved value
    s = settingsReducer(s, A.reverted());
    expect(s.gameOptions.audio.music).toBe(7);
  });

  test('the server answer (clamped) replaces the edited copy on save', () => {
    let s = settingsReducer(loadedState(), A.controlChanged({ key: 'mouse_sens', value: 9 }));
    s = run([A.saveRequested(), A.saveSucceeded({ gameOptions: defaultGameOptions(), controls: { ...defaultControlOptions(), mouse_sens: 8 } })], s);
    expect(s.controls.mouse_sens).toBe(8);
    expect(s.saved.controls.mouse_sens).toBe(8);
  });

  test('a failed save sets status failed and keeps the edits', () => {
    let s = settingsReducer(loadedState(), A.controlChanged({ key: 'mouse_sens', value: 3 }));
    s = run([A.saveRequested(), A.saveFailed()], s);
    expect(s).toMatchObject({ saving: false, modified: true, status: 'failed' });
    expect(s.controls.mouse_sens).toBe(3);
  });

  test('Revert restores the saved options', () => {
    const before = loadedState();
    const s = run(
      [
        A.optionChanged({ group: 'hud', key: 'status_bar_size', value: 0.8 }),
        A.controlChanged({ key: 'fov', value: 90 }),
        A.bindingAssigned({ action: 'fire', slot: 'key', code: 'KeyF' }),
        A.videoPresetSelected('Low'),
        A.reverted(),
      ],
      before,
    );
    expect(s.gameOptions).toEqual(before.gameOptions);
    expect(s.controls).toEqual(before.controls);
    expect(s).toMatchObject({ modified: false, status: 'none', videoPreset: 'High', restartRequired: false });
  });

  test('an edit after a save clears the status', () => {
    const s = run([A.optionChanged({ group: 'audio', key: 'gun', value: 1 }), A.saveRequested(), A.saveSucceeded(undefined), A.optionChanged({ group: 'audio', key: 'gun', value: 2 })], loadedState());
    expect(s).toMatchObject({ status: 'none', modified: true });
  });

  test('FOV edits are mirrored into other.fov / other.fov_type', () => {
    const s = run([A.controlChanged({ key: 'fov', value: 90 }), A.controlChanged({ key: 'fov_type', value: 'v' })], loadedState());
    expect(s.controls).toMatchObject({ fov: 90, fov_type: 'v' });
    expect(s.gameOptions.other).toMatchObject({ fov: 90, fov_type: 'v' });
  });
});

describe('video presets and anti-aliasing', () => {
  test('presets set their four values', () => {
    let s = settingsReducer(loadedState(), A.videoPresetSelected('Low'));
    expect(s.gameOptions.video).toMatchObject({ anisotropy: 1, anti_aliasing: false, render_scale: 0.5, shadows: 0 });
    expect(s).toMatchObject({ videoPreset: 'Low', modified: true });
    s = settingsReducer(s, A.videoPresetSelected('Medium'));
    expect(s.gameOptions.video).toMatchObject({ anisotropy: 4, anti_aliasing: false, render_scale: 1, shadows: 1 });
    s = settingsReducer(s, A.videoPresetSelected('High'));
    expect(s.gameOptions.video).toMatchObject({ anisotropy: 16, anti_aliasing: true, render_scale: 1, shadows: 2 });
    expect(videoPresetOf(s.gameOptions.video)).toBe('High');
  });

  test('changing any video field marks the preset Custom', () => {
    for (const change of [
      { group: 'video', key: 'anisotropy', value: 8 },
      { group: 'video', key: 'render_scale', value: 0.75 },
      { group: 'video', key: 'brightness', value: 1.1 },
      { group: 'video', key: 'shadows', value: 2 },
    ] as const) {
      const s = settingsReducer(loadedState(), A.optionChanged(change));
      expect(s.videoPreset).toBe('Custom');
      expect(s.modified).toBe(true);
    }
  });

  test('changing anti-aliasing from its initial value requires a restart; changing back does not', () => {
    let s = settingsReducer(loadedState(), A.optionChanged({ group: 'video', key: 'anti_aliasing', value: false }));
    expect(s.restartRequired).toBe(true);
    s = settingsReducer(s, A.optionChanged({ group: 'video', key: 'anti_aliasing', value: true }));
    expect(s.restartRequired).toBe(false);
    s = settingsReducer(s, A.videoPresetSelected('Low'));
    expect(s.restartRequired).toBe(true);
    // saving keeps the notice: the page still renders with the old anti-aliasing
    s = run([A.saveRequested(), A.saveSucceeded(undefined)], s);
    expect(s.restartRequired).toBe(true);
  });
});

describe('themes', () => {
  test('picking a theme sets its colours and line thickness', () => {
    const s = settingsReducer(loadedState(), A.themeSelected('Holodeck'));
    expect(s.gameOptions.texture).toMatchObject({ theme: 'Holodeck', ...THEME_PRESETS.Holodeck });
    expect(s.modified).toBe(true);
  });

  test('editing any texture value makes the theme Custom', () => {
    for (const change of [
      { group: 'texture', key: 'target_colour', value: '#123456' },
      { group: 'texture', key: 'wall_colour', value: '#123456' },
      { group: 'texture', key: 'line_colour', value: '#123456' },
      { group: 'texture', key: 'line_thickness', value: 9 },
      { group: 'texture', key: 'custom_textures_type', value: 'Image' },
    ] as const) {
      const s = run([A.themeSelected('Winter'), A.optionChanged(change)], loadedState());
      expect(s.gameOptions.texture.theme).toBe('Custom');
      expect(s.gameOptions.texture[change.key]).toBe(change.value);
    }
  });

  test('Custom keeps the current colours', () => {
    const s = run([A.themeSelected('Spring'), A.themeSelected('Custom')], loadedState());
    expect(s.gameOptions.texture).toMatchObject({ theme: 'Custom', target_colour: THEME_PRESETS.Spring.target_colour });
  });
});

describe('reset to defaults', () => {
  test('each section goes back to its defaults and marks modified', () => {
    const g = defaultGameOptions();
    g.audio.music = 9;
    g.hud.fps = true;
    g.visual.muzzle_flash_size = 2;
    g.texture.theme = 'Autumn';
    g.control.gamepad.left_deadzone = 0.4;
    g.control.bindings.fire.key = 'KeyF';
    g.video = { ...g.video, anisotropy: 1, anti_aliasing: false, render_scale: 0.5, shadows: 0 };
    const c = { ...defaultControlOptions(), mouse_sens: 4, fov: 90, graphics_quality_auto: true };
    const base = loadedState(g, c);
    expect(base.videoPreset).toBe('Low');
    const d = defaultGameOptions();

    let s = settingsReducer(base, A.sectionReset('audio'));
    expect(s.gameOptions.audio).toEqual(d.audio);
    expect(s.modified).toBe(true);
    expect(settingsReducer(base, A.sectionReset('hud')).gameOptions.hud).toEqual(d.hud);
    s = settingsReducer(base, A.sectionReset('visuals'));
    expect(s.gameOptions.visual).toEqual(d.visual);
    expect(s.gameOptions.texture).toEqual(d.texture);
    expect(settingsReducer(base, A.sectionReset('controller')).gameOptions.control.gamepad).toEqual(d.control.gamepad);
    expect(settingsReducer(base, A.sectionReset('bindings')).gameOptions.control.bindings).toEqual(d.control.bindings);
    s = settingsReducer(base, A.sectionReset('mouse'));
    expect(s.controls).toEqual({ ...defaultControlOptions(), graphics_quality_auto: true });
    expect(s.gameOptions.other.fov).toBe(103);
    s = settingsReducer(base, A.sectionReset('video'));
    expect(s.gameOptions.video).toEqual(d.video);
    expect(s.videoPreset).toBe('High');
    expect(s.controls.graphics_quality_auto).toBe(false);
    expect(s.restartRequired).toBe(true); // the page started without anti-aliasing
    expect(s.modified).toBe(true);
  });
});

describe('bindings and other edits', () => {
  test('bindingAssigned follows the binding rules; a refused change is no edit', () => {
    let s = settingsReducer(loadedState(), A.bindingAssigned({ action: 'forward', slot: 'alt', code: 'KeyD' }));
    expect(s.gameOptions.control.bindings.forward.alt).toBe('KeyD');
    expect(s.gameOptions.control.bindings.right.key).toBeNull();
    expect(s.modified).toBe(true);
    s = settingsReducer(loadedState(), A.bindingAssigned({ action: 'pause', slot: 'key', code: 'KeyP' }));
    expect(s.gameOptions.control.bindings.pause.key).toBe('Escape');
    expect(s.modified).toBe(false);
  });

  test('bindingCleared empties a binding', () => {
    const s = settingsReducer(loadedState(), A.bindingCleared({ action: 'ads' }));
    expect(s.gameOptions.control.bindings.ads).toEqual({ key: null, alt: null, pad: null });
    expect(s.modified).toBe(true);
  });

  test('gamepad and notification edits', () => {
    const s = run(
      [A.gamepadChanged({ key: 'right_deadzone', value: 0.2 }), A.notificationChanged({ key: 'low_fps', value: false }), A.notificationChanged({ key: 'mouse_skip', value: true })],
      loadedState(),
    );
    expect(s.gameOptions.control.gamepad.right_deadzone).toBe(0.2);
    expect(s.gameOptions.other.low_fps.notification_enabled).toBe(false);
    expect(s.gameOptions.other.mouse_skip.notification_shown).toBe(true);
  });

  test('a late load keeps unsaved edits and only replaces the saved copy', () => {
    let s = run([A.loadRequested(), A.optionChanged({ group: 'audio', key: 'crit', value: 5 })]);
    const g = defaultGameOptions();
    g.audio.crit = 2;
    s = settingsReducer(s, A.loaded({ gameOptions: g, controls: defaultControlOptions() }));
    expect(s.gameOptions.audio.crit).toBe(5);
    expect(s.saved.gameOptions.audio.crit).toBe(2);
    expect(settingsReducer(s, A.reverted()).gameOptions.audio.crit).toBe(2);
  });
});
