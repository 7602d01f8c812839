/**
 * The runtime's frame loop logic without a browser: input queue → planFrame → advanceTo at tick
 * boundaries, against the real drill engine (pure TypeScript), checked by replaying the input log
 * tick by tick with splitEventsByTick + step.
 */
import { createDrillEngine } from '../../../src/ecs/engine';
import { parseDrillConfig } from '../../../src/drill/parseDrillConfig';
import { DRILL_CATALOGUE } from '../../../src/drill/catalogue';
import { InputQueue, splitEventsByTick } from '../../../src/input/inputQueue';
import { planFrame, RoundClock } from '../../../src/game/roundClock';
import type { GameConfigResponse } from '../../../src/contracts/gameConfig';
import type { InputEvent } from '../../../src/contracts/engine';

function testDrill() {
  const cat = DRILL_CATALOGUE.find((d) => d.id === 2033) ?? DRILL_CATALOGUE[0];
  return parseDrillConfig({ ...cat, mouse_sensitivity: 1, mouse_inverse: 0 } as unknown as GameConfigResponse);
}

describe('frame loop (queue → planFrame → advanceTo)', () => {
  test('irregular frames give the same run as stepping each tick with its own events', () => {
    const drill = testDrill();
    const settings = { sensitivity: 1, sensitivityY: null, invertY: false };
    const engine = createDrillEngine({ drill, seed: 7, settings });
    const clock = new RoundClock();
    const queue = new InputQueue();
    const wallStart = 10_000;
    clock.start(wallStart);

    // deterministic pseudo-random input and frame times (wall ms)
    let s = 1;
    const rnd = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
    let wall = wallStart;
    let frames = 0;
    let pushed = 0;
    const endWall = wallStart + 2000;
    while (wall < endWall) {
      // events arriving before this frame, with timestamps since the last frame
      const n = Math.floor(rnd() * 4);
      for (let i = 0; i < n; i++) {
        const ts = wall + rnd() * 16;
        const ev: InputEvent = rnd() < 0.2
          ? { type: 'fire', t: clock.eventRoundTime(ts), down: rnd() < 0.5 }
          : { type: 'look', t: clock.eventRoundTime(ts), dx: Math.round(rnd() * 40 - 20), dy: Math.round(rnd() * 20 - 10) };
        queue.push(ev);
        pushed++;
      }
      wall += 4 + rnd() * 30; // frames of 4-34 ms
      const plan = planFrame(clock.roundTime(wall), engine.durationTicks);
      if (plan.targetTick > engine.tick) engine.advanceTo(plan.boundaryMs, queue.takeBefore(plan.boundaryMs));
      expect(engine.tick).toBe(plan.targetTick);
      expect(plan.alpha).toBeGreaterThanOrEqual(0);
      expect(plan.alpha).toBeLessThan(1);
      frames++;
    }
    expect(frames).toBeGreaterThan(50);
    const log = engine.inputLog();
    // every consumed event is in the log, none merged or dropped
    expect(log.length + queue.length).toBe(pushed);

    const replay = createDrillEngine({ drill, seed: 7, settings });
    const perTick = splitEventsByTick(log, 0, engine.tick);
    for (const evs of perTick) replay.step(evs);
    expect(replay.tick).toBe(engine.tick);
    expect(replay.stateHash()).toBe(engine.stateHash());
    expect(replay.counters()).toEqual(engine.counters());
  });
});
