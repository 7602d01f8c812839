/**
 * Module-level holder of what must not live in Redux: the game canvas and overlay root
 * (registered by the GameCanvas component), the GameController (created by the listener
 * middleware, or by the boot entry) and the boot entry's load of the page's drill (src/main.ts:
 * the game page's first frame starts before React and the store, which adopt it). One game page
 * per document.
 */
import type { GameCallbacks, GameController } from '../game/types';
import type { GameConfigResponse } from '../contracts/gameConfig';
import type { GameOptionsResponse } from '../net/api';
import type { RunTicket } from '../net/runTickets';

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

/** Creates the game surface's elements, detached: the WebGL canvas
 * (`#game-canvas.game-canvas`, test id `game-canvas`, focusable from script only) and the
 * overlay root above it (`.overlay-root`, test id `overlay-root`) where the runtime draws its
 * crosshair and world layers. */
export function createSurfaceElements(doc: Document = document): GameSurface {
  const canvas = doc.createElement('canvas');
  canvas.id = 'game-canvas';
  canvas.className = 'game-canvas';
  canvas.dataset.testid = 'game-canvas';
  canvas.tabIndex = -1;
  const overlayRoot = doc.createElement('div');
  overlayRoot.className = 'overlay-root';
  overlayRoot.dataset.testid = 'overlay-root';
  return { canvas, overlayRoot };
}

/**
 * The boot entry's load of the game page's drill (src/main.ts, src/game/boot.ts): started
 * before React with its own surface, adopted by the store's load listener for the same drill.
 */
export interface BootLoad {
  /** the drill id the page's query asked for */
  id: number;
  /** the surface the boot's controller draws into (GameCanvas mounts these elements) */
  surface: GameSurface;
  /** `GET /api/v1/gameconfig/{id}` as api.ts fetchGameConfig answers it (rejects the same way) */
  config: Promise<GameConfigResponse>;
  /** `GET /gameoptions/edit` as api.ts fetchGameOptions answers it */
  options: Promise<GameOptionsResponse | null>;
  /** `POST /api/v1/runs` as api.ts requestRunTicket answers it (issue 33 item 5: asked by the
   * entry with the two GETs, in parallel with the chunks; the boot loads with its seed, so
   * "Click to start" shows the round's first targets); absent: the adopter asks for its own */
  ticket?: Promise<RunTicket>;
  /** Resolves with the boot's controller once its chunk is in, with `callbacks` receiving what
   * it reported so far (the last load progress) and everything from then on. Rejects as the
   * game chunk's load does (ChunkLoadError). */
  adopt(callbacks: GameCallbacks): Promise<GameController>;
  /** the controller's load of the drill (with a placeholder seed: the adopter sets the run's
   * with `setSeed` before the round); rejects as `GameController.load` does, or as the config,
   * the drill's parse or the game chunk failed */
  loaded: Promise<void>;
}

let boot: BootLoad | null = null;
/** the boot load's surface: kept after the load is taken (a remounted GameCanvas mounts it) */
let bootSurfaceEls: GameSurface | null = null;

/** Keeps the boot entry's load (src/main.ts). */
export function setBootLoad(b: BootLoad): void {
  boot = b;
  bootSurfaceEls = b.surface;
}

/** The boot load's surface, if the page booted one (GameCanvas mounts it instead of new
 * elements: the boot's controller draws into it). */
export function bootSurface(): GameSurface | null {
  return bootSurfaceEls;
}

/** Hands the boot load of drill `id` to its adopter, once: null when there is none (or it was
 * taken), or when it loads another drill (it is then dropped). */
export function takeBootLoad(id: number): BootLoad | null {
  const b = boot;
  boot = null;
  return b && b.id === id ? b : null;
}

/** Forgets everything (tests). */
export function resetGameHolder(): void {
  surface = null;
  waiters = [];
  controller = null;
  boot = null;
  bootSurfaceEls = null;
}
