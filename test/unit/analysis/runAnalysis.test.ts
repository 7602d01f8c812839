/**
 * The run analysis (src/analysis/runAnalysis.ts) against scripted runs in the kit whose
 * figures are known by construction: a flick with a known reaction, primary duration,
 * overshoot and dwell; a click at a known offset; tracking with a known lag. Each run is
 * re-simulated from its input log (`traceRun`), as the server does.
 */
import { createDrillKit, kitDrill, TICK_MS, type Kit } from '../../../src/kit';
import { traceRun } from '../../../src/analysis/trace';
import { DPC, scriptMove } from './scriptedMoves';
import { analyseTrace } from '../../../src/analysis/runAnalysis';

const settings = { sensitivity: 1, sensitivityY: null, invertY: false };

function analyse(kit: Kit) {
  const { trace } = traceRun({ drill: kit.engine.drill, seed: kit.engine.seed, settings, despawnAnimationMs: 200 }, kit.engine.inputLog());
  return analyseTrace(trace);
}


test('flick anatomy: reaction, primary time, overshoot gain, correction, dwell, Fitts inputs', () => {
  const kit = createDrillKit({ drill: kitDrill(137), seed: 9, settings });
  kit.runUntil((k) => k.liveTargets().length > 0, 64);
  const spawnMs = kit.timeMs; // the target is drawn from this tick's start (0: made with the engine)
  const tg = kit.liveTargets()[0];
  const dyaw = tg.yaw - kit.engine.yaw, dp = tg.pitch - kit.engine.pitch;
  // reaction 200 ms, primary 200 ms with gain 1.2 (20 % overshoot), pause 30 ms, correction
  // 100 ms back onto the centre, dwell 60 ms, click
  const REACT = 200, T1 = 200, GAIN = 1.2, PAUSE = 30, T2 = 100, DWELL = 60;
  const t0 = spawnMs + REACT;
  scriptMove(kit, t0, T1, dyaw * GAIN, dp * GAIN);
  scriptMove(kit, t0 + T1 + PAUSE, T2, -dyaw * (GAIN - 1), -dp * (GAIN - 1));
  const tc = t0 + T1 + PAUSE + T2 + DWELL;
  kit.at(Math.floor(tc / TICK_MS)).click(tc - Math.floor(tc / TICK_MS) * TICK_MS);
  kit.runUntil((k) => k.counters().kills === 1, 200);
  const a = analyse(kit);
  expect(a.flicks).toHaveLength(1);
  const f = a.flicks[0];
  const A = Math.hypot(dyaw * Math.cos((tg.pitch * Math.PI) / 180), dp);
  expect(f.fresh).toBe(true);
  expect(f.start).toBeCloseTo(spawnMs, 6);
  // the 8 °/s onset of a 200 ms minimum-jerk move of A degrees comes a little after its start
  // (the grid is 4 ms; speed is a ±8 ms difference)
  expect(f.reaction as number).toBeGreaterThanOrEqual(REACT - 8);
  expect(f.reaction as number).toBeLessThanOrEqual(REACT + 30);
  expect(f.primaryMs).toBeGreaterThan(T1 - 50);
  expect(f.primaryMs).toBeLessThan(T1 + 30);
  expect(f.gain).toBeGreaterThan(GAIN - 0.04);
  expect(f.gain).toBeLessThan(GAIN + 0.04);
  expect(f.correctionMs).toBeGreaterThan(PAUSE + T2 + DWELL - 40);
  expect(f.correctionMs).toBeLessThan(PAUSE + T2 + DWELL + 50);
  // on target for at least the dwell, at most the dwell plus the correction's last part
  expect(f.dwellMs).toBeGreaterThanOrEqual(DWELL - 4);
  expect(f.dwellMs).toBeLessThanOrEqual(DWELL + T2);
  expect(f.amplitude).toBeCloseTo(A, 0);
  expect(f.width).toBeCloseTo(2 * Math.asin(tg.radius / Math.hypot(tg.x - kit.engine.eye.x, tg.y - kit.engine.eye.y, tg.z - kit.engine.eye.z)) * 180 / Math.PI, 6);
  // an overshoot and back: the path is 1.4 A long for a straight distance of A
  expect(f.pathEfficiency).toBeGreaterThan(1 / 1.4 - 0.03);
  expect(f.pathEfficiency).toBeLessThan(1 / 1.4 + 0.03);
  const dirDeg = (Math.atan2(dp, dyaw * Math.cos((tg.pitch * Math.PI) / 180)) * 180) / Math.PI;
  expect(f.sector).toBe(Math.floor((((dirDeg + 22.5) % 360) + 360) % 360 / 45) % 8);
  expect(f.distanceBin).toBe(A < 10 ? 0 : A < 25 ? 1 : 2);
  // a bell-shaped primary: little time near its peak, no single teleporting event
  expect(f.plateauShare).toBeLessThan(0.4);
  expect(f.maxStepShare).toBeLessThan(0.05);
  // the cell of that sector and bin holds it
  const cell = a.cells[f.sector * 3 + f.distanceBin];
  expect(cell.n).toBe(1);
  expect(cell.gain).toBeCloseTo(f.gain, 10);
  // the shot: on the centre
  expect(a.shots).toHaveLength(1);
  expect(Math.abs(a.shots[0].dx as number)).toBeLessThan(0.01);
});

test('shot records: a click at a known offset from the centre reads that offset', () => {
  const kit = createDrillKit({ drill: kitDrill(137), seed: 4, settings });
  kit.runUntil((k) => k.liveTargets().length > 0, 64);
  const tg = kit.liveTargets()[0];
  kit.at(kit.tick).aimAt(tg, 1).look(2, -1, 2).click(3); // 2 counts right, 1 count up
  kit.step(2);
  const a = analyse(kit);
  expect(a.shots).toHaveLength(1);
  expect(a.shots[0].dx as number).toBeCloseTo(2 * DPC, 6);
  expect(a.shots[0].dy as number).toBeCloseTo(1 * DPC, 6);
});

test('a teleport reads as one event carrying the whole movement', () => {
  const kit = createDrillKit({ drill: kitDrill(137), seed: 9, settings });
  kit.runUntil((k) => k.liveTargets().length > 0, 64);
  kit.step(10);
  kit.at(kit.tick).aimAt(kit.liveTargets()[0], 1).click(2);
  kit.step(2);
  const f = analyse(kit).flicks[0];
  expect(f.maxStepShare).toBeGreaterThan(0.95);
  expect(f.primaryMs).toBeLessThan(30);
});

test('tracking: an aim that follows the target 7 ticks late has a lag of about 109 ms', () => {
  // the kit shows the targets of the previous tick's end: aiming at the position seen 6 ticks
  // before that is 7 ticks (109.4 ms) behind
  const LAG = 7;
  const kit = createDrillKit({ drill: kitDrill(144, { duration: 12000 }), seed: 3, settings });
  const hist: Array<{ x: number; y: number; z: number } | null> = [];
  kit.at(0).fireDown(1);
  while (!kit.finished) {
    const t = kit.liveTargets()[0];
    hist.push(t ? { x: t.x, y: t.y, z: t.z } : null);
    const past = hist[hist.length - LAG];
    if (past) kit.at(kit.tick).aimAt(past, 1);
    kit.step();
  }
  const tq = analyse(kit).tracking;
  expect(tq.lagMs as number).toBeGreaterThan(LAG * TICK_MS - 12);
  expect(tq.lagMs as number).toBeLessThan(LAG * TICK_MS + 12);
  expect(tq.directionChanges).toBeGreaterThan(2);
  expect(tq.directionChangeReactionMs as number).toBeGreaterThanOrEqual(LAG * TICK_MS - 16);
  expect(tq.directionChangeReactionMs as number).toBeLessThanOrEqual(LAG * TICK_MS + 16);
  // 5 m/s for 109 ms is 0.55 m, more than the 0.4 m radius: on target only near the turns
  expect(tq.timeOnTargetPct as number).toBeGreaterThan(0);
  expect(tq.timeOnTargetPct as number).toBeLessThan(30);

  // the same target followed with no lag: lag 0 (the aim at the target every tick)
  const kit2 = createDrillKit({ drill: kitDrill(144, { duration: 12000 }), seed: 3, settings });
  kit2.at(0).fireDown(1);
  while (!kit2.finished) {
    const t = kit2.liveTargets()[0];
    if (t) kit2.at(kit2.tick).aimAt(t, 1);
    kit2.step();
  }
  const tq2 = analyse(kit2).tracking;
  expect(tq2.lagMs as number).toBeLessThan(20);
  expect(tq2.timeOnTargetPct as number).toBeGreaterThan(95);

  // the same follower with a shaking hand (±0.44° every other tick): far more jitter
  const kit3 = createDrillKit({ drill: kitDrill(144, { duration: 12000 }), seed: 3, settings });
  kit3.at(0).fireDown(1);
  while (!kit3.finished) {
    const t = kit3.liveTargets()[0];
    if (t) kit3.at(kit3.tick).aimAt(t, 1).look(kit3.tick % 2 ? 20 : -20, 0, 2);
    kit3.step();
  }
  const tq3 = analyse(kit3).tracking;
  expect(tq3.jitter as number).toBeGreaterThan(1.15 * (tq2.jitter as number));
  expect(tq.jitter as number).toBeGreaterThan(0);
});

test('Fitts fit: MT = a + b·ID recovered from flicks built to the law', async () => {
  const { fittsFit } = await import('../../../src/analysis/runAnalysis');
  const flicks = [1, 2, 3, 4, 5].map((id, i) => {
    const W = 1, A = W * (2 ** id - 1), MT = 100 + 150 * id;
    return {
      start: 0, shotT: 1000 + MT, fresh: true, reaction: 200, onset: 1000, primaryMs: MT * 0.7, correctionMs: MT * 0.3,
      dwellMs: 50, amplitude: A, width: W, gain: 1, pathEfficiency: 1, sector: 0, distanceBin: 0,
      endError: i % 2 ? 0.1 : -0.1, peakSpeed: 0, peakAccel: 0, plateauShare: 0.25, maxStepShare: 0.01,
    };
  });
  const fit = fittsFit(flicks);
  expect(fit.a as number).toBeCloseTo(100, 6);
  expect(fit.b as number).toBeCloseTo(150, 6);
  expect(fit.r2 as number).toBeCloseTo(1, 6);
  // end-point errors ±0.1 (SD 0.1095 with n - 1): We = 4.133 · SD
  const sd = Math.sqrt((5 * 0.01 - 5 * 0.02 ** 2) / 4);
  expect(fit.we as number).toBeCloseTo(4.133 * sd, 6);
});
