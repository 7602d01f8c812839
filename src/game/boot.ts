/**
 * The game page's boot (issue 18 item 1, "page to first frame"): the page's entry (src/main.ts)
 * asks for the drill's gameconfig and the player's options, and loads this chunk (the game
 * chunk: Babylon, the room, the controller) in parallel; `bootGame` creates the controller on the
 * entry's surface and loads the drill as soon as both answers are in. The first frame is drawn
 * with no React, Redux or i18next code loaded: the entry loads the UI after it, and the store's
 * load listener (src/state/listeners/loadDrill.ts) adopts this controller and its load
 * (src/state/gameHolder.ts `BootLoad`) instead of starting its own.
 *
 * What the load is given is what the listener would give it: the drill parsed by
 * parseDrillConfig (a config it rejects fails the load; the listener reports it), the options
 * merged over the defaults (`loadedOptionsOf`; a failed options GET loads the defaults, as the
 * listener does), the query's `source` and `context`, and the seed of the run ticket the entry
 * asked for with the GETs (0 without one): the listener sets the run's seed (`setSeed`, the
 * same ticket's, or a local one) before the round can start.
 */
import { createGameController } from './createGameController';
import { CallbackRelay } from './callbackRelay';
import type { GameController } from './types';
import { parseDrillConfig } from '../drill/parseDrillConfig';
import { loadedOptionsOf } from '../contracts/gameOptions';
import type { GameConfigResponse } from '../contracts/gameConfig';
import type { GameOptionsResponse } from '../net/api';

/** What the entry hands the boot. */
export interface BootRequest {
  canvas: HTMLCanvasElement;
  overlayRoot: HTMLElement;
  /** the gameconfig GET (api.ts fetchGameConfig) */
  config: Promise<GameConfigResponse>;
  /** the options GET (api.ts fetchGameOptions) */
  options: Promise<GameOptionsResponse | null>;
  /** the run ticket POST (api.ts requestRunTicket): the load takes its seed (0 when it fails:
   * the adopter then sets a local one) */
  ticket?: Promise<{ seed: number }>;
  /** the query's `source` and `context` (src/state/drillQuery.ts) */
  source: string | null;
  context: string | null;
}

/** A booted game: the controller, the relay its callbacks go through until the store attaches
 * its own, and its load (rejects as `GameController.load` does, or with the config's or the
 * drill parse's error). */
export interface BootedGame {
  controller: GameController;
  relay: CallbackRelay;
  loaded: Promise<void>;
}

/** Creates the controller on the request's surface and starts the drill's load (see the file
 * comment). Never throws; failures are in `loaded`. */
export function bootGame(req: BootRequest): BootedGame {
  const relay = new CallbackRelay();
  const controller = createGameController(req.canvas, req.overlayRoot, relay.callbacks);
  // the ticket's seed, whenever it comes (it does not hold the load up): the load's if it is in
  // by then, else set on the loading controller
  let seed = 0;
  req.ticket?.then((t) => {
    if (!Number.isInteger(t.seed)) return;
    seed = t.seed >>> 0;
    controller.setSeed(seed);
  }, () => undefined);
  const loaded = (async () => {
    const config = await req.config;
    const drill = parseDrillConfig(config);
    // a failed options GET loads the defaults (the listener warns about it)
    const res = await req.options.catch(() => null);
    const { options, controls } = loadedOptionsOf(res);
    await controller.load({ config, drill, options, controls, seed, source: req.source, context: req.context });
  })();
  loaded.catch(() => undefined); // read (and reported) by the listener that adopts the load
  return { controller, relay, loaded };
}
