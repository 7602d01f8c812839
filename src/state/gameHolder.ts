/**
 * Module-level holder of what must not live in Redux: the game canvas and overlay root
 * (registered by the GameCanvas component) and the GameController (created by the listener
 * middleware). One game page per document.
 */
import type { GameController } from '../game/types';

/** The DOM the runtime draws into. */
export interface GameSurface {
  canvas: HTMLCanvasElement;
  overlayRoot: HTMLElement;
}

let surface: GameSurface | null = null;
let waiters: Array<(s: GameSurface) => void> = [];
let controller: GameController | null = null;

/** Called by the canvas component once mounted. */
export function registerSurface(s: GameSurface): void {
  surface = s;
  const pending = waiters;
  waiters = [];
  for (const w of pending) w(s);
}

/** Called by the canvas component when it unmounts. */
export function unregisterSurface(s: GameSurface): void {
  if (surface === s) surface = null;
}

/** Resolves with the surface as soon as the canvas is mounted. */
export function waitForSurface(): Promise<GameSurface> {
  if (surface) return Promise.resolve(surface);
  return new Promise((resolve) => waiters.push(resolve));
}

/** The page's controller, or null before it is created. */
export function getController(): GameController | null {
  return controller;
}

/** Stores the page's controller. */
export function setController(c: GameController | null): void {
  controller = c;
}

/** Forgets everything (tests). */
export function resetGameHolder(): void {
  surface = null;
  waiters = [];
  controller = null;
}
