/**
 * Menu sounds for the React side (src/ui may not import the game runtime): the game runtime
 * registers its player while a drill is loaded (src/game/audioWiring.ts), the menus call
 * `playUiSound` (pause menu open / close, hover, switch). A no-op while none is registered.
 */

/** The menu sounds (soundCatalogue.ts, category 'volume': the master volume alone). */
export type UiSound = 'menu_open' | 'menu_close' | 'hover' | 'switch';

let player: ((name: UiSound) => void) | null = null;

/** Registers (or with null removes) the function that plays menu sounds. */
export function setUiSoundPlayer(fn: ((name: UiSound) => void) | null): void {
  player = fn;
}

/** Plays menu sound `name` through the registered player, if any. Never throws. */
export function playUiSound(name: UiSound): void {
  try {
    player?.(name);
  } catch (err) {
    console.warn('Menu sound failed', err);
  }
}
