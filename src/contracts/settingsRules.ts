/**
 * Rules on a settings document beyond its JSON schema (issue 16 item 5), shared by the server
 * (`POST /gameoptions/edit` refuses a body that breaks them with 400 `{ error }`) and the client
 * (the settings UI never builds such a document: src/state/settings/bindings.ts).
 *
 * - Colours: `#rrggbb` (spec section 3 `sight_colour #ffe711`; the UI's colour inputs give that
 *   form). Checked by the body schema's `COLOUR_SCHEMA` pattern.
 * - Bindings (spec section 5): the pause binding's main key is fixed (Escape); one action per
 *   input: a code appears in at most one cell of all bindings ("assigning a key already used by
 *   another binding clears it there"); key / alt cells hold `KeyboardEvent.code` values (KEY_CODES)
 *   or `mouse0`-`mouse4`, pad cells `button0`-`button16` (the standard gamepad mapping).
 * - Theme and max FPS ({@link gameOptionsProblem}): a known theme name; `video.max_fps` only from
 *   the desktop client.
 * - One FOV: `controls.fov` / `controls.fov_type` are the source of truth (spec section 3 "Control
 *   options: fov (default 103), fov_type"); `game_options.other.fov` / `fov_type` mirror them
 *   ({@link mirrorFov}). A body that gives both and they disagree is refused.
 */
import { BINDING_ACTIONS, DEFAULT_BINDINGS, THEME_PRESETS, type Binding, type BindingAction, type ControlOptions, type GameOptions } from './gameOptions';
import { isDesktopClient } from './desktopClient';

export { COLOUR_PATTERN, colour as COLOUR_SCHEMA } from './jsonSchema';

/** The pause binding's fixed main key (spec sections 5 and 9). */
export const PAUSE_MAIN_KEY = DEFAULT_BINDINGS.pause.key as string;

const PAD_CODE = /^button\d+$/;
const CELLS: ReadonlyArray<keyof Binding> = ['key', 'alt', 'pad'];

/** Buttons of the W3C Gamepad standard mapping: button0 .. button16 (https://w3c.github.io/gamepad/#remapping). */
export const PAD_BUTTON_COUNT = 17;
/** Mouse buttons a binding may name: mouse0 (left) .. mouse4 (forward), MouseEvent.button values. */
export const MOUSE_BUTTON_COUNT = 5;

/**
 * The keyboard codes a binding may name: the `KeyboardEvent.code` values of the UI Events
 * KeyboardEvent code values spec (https://www.w3.org/TR/uievents-code/): the writing-system,
 * functional, control-pad, arrow, numpad and function sections (F1-F24).
 */
export const KEY_CODES: ReadonlySet<string> = new Set([
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').map((c) => `Key${c}`),
  ...Array.from({ length: 10 }, (_, i) => `Digit${i}`),
  ...Array.from({ length: 10 }, (_, i) => `Numpad${i}`),
  ...Array.from({ length: 24 }, (_, i) => `F${i + 1}`),
  'Backquote', 'Backslash', 'BracketLeft', 'BracketRight', 'Comma', 'Equal', 'IntlBackslash', 'IntlRo', 'IntlYen',
  'Minus', 'Period', 'Quote', 'Semicolon', 'Slash',
  'AltLeft', 'AltRight', 'Backspace', 'CapsLock', 'ContextMenu', 'ControlLeft', 'ControlRight', 'Enter',
  'MetaLeft', 'MetaRight', 'ShiftLeft', 'ShiftRight', 'Space', 'Tab',
  'Convert', 'KanaMode', 'Lang1', 'Lang2', 'NonConvert',
  'Delete', 'End', 'Help', 'Home', 'Insert', 'PageDown', 'PageUp',
  'ArrowDown', 'ArrowLeft', 'ArrowRight', 'ArrowUp',
  'NumLock', 'NumpadAdd', 'NumpadDecimal', 'NumpadDivide', 'NumpadEnter', 'NumpadEqual', 'NumpadMultiply', 'NumpadSubtract',
  'NumpadComma', 'NumpadParenLeft', 'NumpadParenRight',
  'Escape', 'Fn', 'PrintScreen', 'ScrollLock', 'Pause',
]);

/** Whether `code` is a value a key / alt cell may hold: a KEY_CODES code or mouse0 .. mouse4. */
export function isKeyOrMouseCode(code: string): boolean {
  const m = /^mouse(\d+)$/.exec(code);
  if (m) return Number(m[1]) < MOUSE_BUTTON_COUNT;
  return KEY_CODES.has(code);
}

/** Whether `code` is a pad cell's value: button0 .. button16 (the standard mapping). */
export function isPadButtonCode(code: string): boolean {
  const m = /^button(\d+)$/.exec(code);
  return !!m && Number(m[1]) < PAD_BUTTON_COUNT;
}

/**
 * The first binding rule `bindings` breaks, as a message naming the cells, or null when it keeps
 * them all: pause's main key is `Escape`; pad cells hold `button{n}` and key / alt cells do not;
 * no code is in two cells.
 */
export function bindingsProblem(bindings: Record<BindingAction, Binding>): string | null {
  if (bindings.pause?.key !== PAUSE_MAIN_KEY) {
    return `control.bindings.pause.key is fixed to ${PAUSE_MAIN_KEY} (the pause binding's main key cannot be edited), got ${JSON.stringify(bindings.pause?.key ?? null)}`;
  }
  const seen = new Map<string, string>();
  for (const action of BINDING_ACTIONS) {
    for (const cell of CELLS) {
      const code = bindings[action]?.[cell];
      if (code === null || code === undefined) continue;
      const where = `${action}.${cell}`;
      if (code === '') return `control.bindings.${where} is empty: use null for no binding`;
      if (cell === 'pad' && !PAD_CODE.test(code)) return `control.bindings.${where} must be a gamepad button (button{n}), got ${JSON.stringify(code)}`;
      if (cell === 'pad' && !isPadButtonCode(code)) return `control.bindings.${where} must be a button of the standard gamepad mapping (button0 to button${PAD_BUTTON_COUNT - 1}), got ${JSON.stringify(code)}`;
      if (cell !== 'pad' && PAD_CODE.test(code)) return `control.bindings.${where} must be a key or mouse button, got the gamepad button ${JSON.stringify(code)}`;
      if (cell !== 'pad' && !isKeyOrMouseCode(code)) return `control.bindings.${where} must be a KeyboardEvent.code or mouse0 to mouse${MOUSE_BUTTON_COUNT - 1}, got ${JSON.stringify(code)}`;
      const other = seen.get(code);
      if (other) return `${JSON.stringify(code)} is bound to both ${other} and ${where}: one action per key`;
      seen.set(code, where);
    }
  }
  return null;
}

/** The parts of a `POST /gameoptions/edit` body the FOV rule reads. */
export interface FovBody {
  controls?: { fov?: unknown; fov_type?: unknown };
  game_options?: { other?: { fov?: unknown; fov_type?: unknown } };
}

/**
 * A message when the body gives the FOV twice and the two disagree (`controls.fov` ≠
 * `game_options.other.fov`, or the types), else null.
 */
export function fovProblem(body: FovBody): string | null {
  const c = body.controls;
  const o = body.game_options?.other;
  if (c?.fov !== undefined && o?.fov !== undefined && c.fov !== o.fov) {
    return `controls.fov (${String(c.fov)}) and game_options.other.fov (${String(o.fov)}) disagree: the FOV is controls.fov, other.fov mirrors it (send one, or the same value)`;
  }
  if (c?.fov_type !== undefined && o?.fov_type !== undefined && c.fov_type !== o.fov_type) {
    return `controls.fov_type (${String(c.fov_type)}) and game_options.other.fov_type (${String(o.fov_type)}) disagree: the FOV type is controls.fov_type, other.fov_type mirrors it`;
  }
  return null;
}

/**
 * `controls` and `gameOptions` with one FOV: `other.fov` / `other.fov_type` set from the controls
 * (returns new objects; the inputs are not changed).
 */
export function mirrorFov(controls: ControlOptions, gameOptions: GameOptions): { controls: ControlOptions; game_options: GameOptions } {
  return {
    controls,
    game_options: { ...gameOptions, other: { ...gameOptions.other, fov: controls.fov, fov_type: controls.fov_type } },
  };
}

/** The theme names a settings document may hold: the presets (THEME_PRESETS) and 'Custom'. */
export function isThemeName(name: string): boolean {
  return name === 'Custom' || Object.prototype.hasOwnProperty.call(THEME_PRESETS, name);
}

/**
 * Rules of `game_options` that depend on who sends them (issue 33 item 7), as a message, or
 * null: `texture.theme` must be a theme name (isThemeName); `video.max_fps` other than null is
 * a desktop-client setting (spec sections 1 and 6: a browser follows the display), refused from
 * a browser's user agent (contracts/desktopClient.ts isDesktopClient).
 */
export function gameOptionsProblem(gameOptions: unknown, userAgent: string | null | undefined): string | null {
  if (!gameOptions || typeof gameOptions !== 'object') return null;
  const go = gameOptions as { texture?: { theme?: unknown }; video?: { max_fps?: unknown } };
  const theme = go.texture?.theme;
  if (typeof theme === 'string' && !isThemeName(theme)) {
    return `game_options.texture.theme must be one of ${[...Object.keys(THEME_PRESETS), 'Custom'].join(', ')}, got ${JSON.stringify(theme)}`;
  }
  const maxFps = go.video?.max_fps;
  if (maxFps !== undefined && maxFps !== null && !isDesktopClient(userAgent)) {
    return 'game_options.video.max_fps can only be set from the desktop client (a browser follows the display)';
  }
  return null;
}
