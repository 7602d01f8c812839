/** The game page's query (spec sections 2 and 5) and the settings merge. */
import { parseDrillQuery } from '../../../src/state/drillQuery';
import { hudPrefsOf, mergeGameOptions, pageKeysOf } from '../../../src/state/settings';
import { defaultGameOptions } from '../../../src/contracts/gameOptions';
import { formatAccuracy, formatCountdown, formatRemaining, keyLabel } from '../../../src/ui/format';

describe('parseDrillQuery', () => {
  test('absent id is the default drill 134', () => {
    expect(parseDrillQuery('')).toEqual({ ok: true, id: 134, source: null, context: null, preview: false });
  });
  test('digits only', () => {
    expect(parseDrillQuery('?id=2033&source=drills')).toEqual({ ok: true, id: 2033, source: 'drills', context: null, preview: false });
    expect(parseDrillQuery('?id=7&source=benchmark&context=assessment')).toEqual({ ok: true, id: 7, source: 'benchmark', context: 'assessment', preview: false });
    expect(parseDrillQuery('?id=x&context=assessment')).toEqual({ ok: false, raw: 'x', source: null, context: 'assessment' });
    // issue 17: the drill editor's preview
    expect(parseDrillQuery('?id=2033&preview=1')).toEqual({ ok: true, id: 2033, source: null, context: null, preview: true });
    expect(parseDrillQuery('?id=2033&preview=yes')).toMatchObject({ preview: false });
    for (const bad of ['?id=abc', '?id=12a', '?id=', '?id=-1', '?id=1.5', '?id=%2012', '?id=99999999999999999999']) {
      expect(parseDrillQuery(bad).ok).toBe(false);
    }
  });
});

describe('settings', () => {
  test('merges partial server options over the defaults', () => {
    const o = mergeGameOptions({ audio: { volume: 9 }, hud: null });
    expect(o.audio.volume).toBe(9);
    expect(o.audio.music).toBe(3);
    expect(mergeGameOptions(null)).toEqual(defaultGameOptions());
  });
  test('page keys from the bindings; Escape always pauses', () => {
    const o = defaultGameOptions();
    expect(pageKeysOf(o)).toEqual({
      restart: ['KeyR'], pause: ['Escape'], movement: ['KeyW', 'KeyA', 'KeyS', 'KeyD'], zoom: ['mouse2'], toggleZoom: ['ShiftLeft'],
    });
    // the zoom hints name mouse buttons too (page keys do not)
    o.control.bindings.ads = { key: 'KeyQ', alt: 'mouse3', pad: null };
    expect(pageKeysOf(o).zoom).toEqual(['KeyQ', 'mouse3']);
    o.control.bindings.restart = { key: 'KeyT', alt: 'mouse3', pad: null };
    o.control.bindings.pause = { key: 'KeyP', alt: null, pad: null };
    expect(pageKeysOf(o)).toMatchObject({ restart: ['KeyT'], pause: ['Escape', 'KeyP'] });
  });
  test('HUD preferences', () => {
    const o = defaultGameOptions();
    expect(hudPrefsOf(o)).toEqual({
      enabled: true, stats: 2, fps: false, targetsDestroyed: true, timeDestroy: true, critHit: false, clip: true,
      objectiveBar: true, statusBarSize: 1.4,
    });
    o.hud.stats = 1;
    o.hud.fps = true;
    o.hud.crit_hit = true;
    o.hud.clip = false;
    o.hud.status_bar_size = 3; // clamped to 0.6-1.4
    expect(hudPrefsOf(o)).toMatchObject({ enabled: true, stats: 1, fps: true, critHit: true, clip: false, statusBarSize: 1.4 });
  });
});

describe('format', () => {
  test('remaining time m:ss.s', () => {
    expect(formatRemaining(61234)).toBe('1:01.2');
    expect(formatRemaining(60000)).toBe('1:00.0');
    expect(formatRemaining(8000)).toBe('0:08.0');
    expect(formatRemaining(99)).toBe('0:00.0');
    expect(formatRemaining(-5)).toBe('0:00.0');
  });
  test('accuracy, countdown and key labels', () => {
    expect(formatAccuracy(66.666666)).toBe('66.67');
    expect(formatCountdown(0.5)).toBe('0.5');
    expect(formatCountdown(3)).toBe('3');
    expect(keyLabel('KeyR')).toBe('R');
    expect(keyLabel('Escape')).toBe('Esc');
  });
});
