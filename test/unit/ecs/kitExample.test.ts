/**
 * docs/engine.md "Example: a game mode and its test": the full example. A new game mode, 'three_strikes' (the third
 * miss ends the round), is one definition registered by name; the test plays it through the
 * real pipeline with the public kit only.
 */
import { registerGameMode, type GameModeDefinition } from '../../../src/ecs/gameModes';
import type { GameWorld } from '../../../src/ecs/world';
import { createDrillKit } from '../../../src/ecs/testing';
import { kitDrill } from '../../../src/drill/kitDrills';

// the mode: counts misses in its own state and asks the engine to end the round at the third
const misses = new WeakMap<GameWorld, number>();
const threeStrikes: GameModeDefinition = {
  description: 'The third shot that hits nothing ends the round.',
  hooks: {
    miss: (w: GameWorld) => {
      const n = (misses.get(w) ?? 0) + 1;
      misses.set(w, n);
      if (n >= 3) w.mode.endRequested = true;
    },
  },
};
registerGameMode('three_strikes', threeStrikes);

test('three_strikes: two misses play on, the third ends the round; hits do not count', () => {
  const kit = createDrillKit({ drill: kitDrill(134, { special_mode: 'three_strikes' }), seed: 11 });
  expect(kit.engine.gameMode).toBe('three_strikes');
  // a hit, then two misses (the aim turned far off every target): the round goes on
  // (a quarter second between shots: the weapon's fire rate drops clicks that come too fast)
  kit.at(kit.tick).aimAt(kit.liveTargets()[0], 1).click(2);
  kit.step(16);
  for (let i = 0; i < 2; i++) {
    kit.at(kit.tick).look(4000, 0, 1).click(2); // 4000 counts = 88° away
    kit.step(16);
  }
  expect(kit.counters()).toMatchObject({ hits: 1, shots: 3 });
  expect(kit.finished).toBe(false);
  // the third miss ends it at the end of that tick
  kit.at(kit.tick).click(2);
  kit.step();
  expect(kit.finished).toBe(true);
  expect(kit.eventsOf('finished')).toHaveLength(1);
});
