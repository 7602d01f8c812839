/**
 * Game options as the client uses them: the server's (possibly partial) `game_options` merged
 * over the defaults of spec sections 3 and 9, group by group, and the page-level keys derived
 * from the bindings.
 */
import { clampAndRound, SETTING_RANGES } from '../../contracts/settingRanges';
import { type Binding, type GameOptions } from '../../contracts/gameOptions';
import { DEFAULT_HUD_PREFS, DEFAULT_PAGE_KEYS, type HudPrefs, type PageKeys } from '../run/runSlice';

// the merges over the defaults live with the payload's contract (the boot entry uses them
// without the store, src/game/boot.ts)
export { mergeControlOptions, mergeGameOptions } from '../../contracts/gameOptions';

const keyCodes = (b: Binding | undefined, fallback: string[]): string[] => {
  if (!b) return fallback;
  const codes = [b.key, b.alt].filter((k): k is string => typeof k === 'string' && k !== '' && !k.startsWith('mouse'));
  return codes.length ? codes : fallback;
};

/** Restart and pause keys of the bindings (the pause binding's main key is always Escape), and
 * for the pre-game hints the movement, zoom (ADS) and toggle-zoom (ADS switch) bindings. */
export function pageKeysOf(options: GameOptions): PageKeys {
  const bindings = options.control?.bindings;
  const pause = keyCodes(bindings?.pause, DEFAULT_PAGE_KEYS.pause);
  const movement = (['forward', 'left', 'backward', 'right'] as const).map((a) => bindings?.[a]?.key ?? '').filter(Boolean);
  const hintCodes = (b: Binding | undefined): string[] => (b ? [b.key, b.alt].filter((k): k is string => typeof k === 'string' && k !== '') : []);
  return {
    zoom: hintCodes(bindings?.ads),
    toggleZoom: hintCodes(bindings?.adsSwitch),
    restart: keyCodes(bindings?.restart, DEFAULT_PAGE_KEYS.restart),
    pause: pause.includes('Escape') ? pause : ['Escape', ...pause],
    movement: movement.length ? movement : ['KeyW', 'KeyA', 'KeyS', 'KeyD'],
  };
}

/** HUD preferences of the game options (spec section 3). */
export function hudPrefsOf(options: GameOptions): HudPrefs {
  const h = options.hud;
  if (!h) return DEFAULT_HUD_PREFS;
  const stats = h.stats === 0 || h.stats === 1 || h.stats === 2 ? h.stats : DEFAULT_HUD_PREFS.stats;
  const flag = (v: unknown, dflt: boolean) => (typeof v === 'boolean' ? v : dflt);
  const d = DEFAULT_HUD_PREFS;
  return {
    enabled: h.enabled !== false,
    stats,
    fps: h.fps === true,
    targetsDestroyed: flag(h.targets_destroyed, d.targetsDestroyed),
    timeDestroy: flag(h.time_destroy, d.timeDestroy),
    critHit: flag(h.crit_hit, d.critHit),
    clip: flag(h.clip, d.clip),
    objectiveBar: flag(h.objective_bar, d.objectiveBar),
    statusBarSize: clampAndRound(typeof h.status_bar_size === 'number' ? h.status_bar_size : d.statusBarSize, SETTING_RANGES.status_bar_size, d.statusBarSize),
  };
}
