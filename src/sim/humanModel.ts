/**
 * A synthetic human player (issue 36's drill-tier calibration, issue 38's plausibility
 * benchmark) and scripted bots, both driving the real drill engine (src/ecs through the kit,
 * src/kit.ts) tick by tick and producing the input log a real client would submit.
 *
 * The human (`simulateHumanRun`) sees the targets the engine draws at the end of each tick (as
 * a player sees the last frame), and:
 * - aims at a target's centre, or, on a drill where crits matter (src/drill/critRules.ts
 *   critMatters: crit_dmg_multiplier > 1 or crits scored), at its crit zone (`critAimPart`: a
 *   humanoid's or bot's head, a sphere's drawn core), judging its clicks against that zone's
 *   size; its movement noise still lands some shots on the body;
 * - picks a goal (a priority target first, else the live target nearest its aim; the return
 *   point while a return-to-centre wait runs);
 * - reacts: a target that appeared after the player became free is answered after a reaction
 *   time drawn from an ex-Gaussian (mu, sigma, tau; the usual fit of simple visual reaction
 *   times, e.g. Luce 1986 "Response Times"; 180-250 ms typical, sustained floor above ~120 ms:
 *   ../shared/reference/training.md "Plausibility"); a target already on screen is started
 *   after a shorter switch latency (the same distribution, `switch`);
 * - moves with the optimized submovement model (Meyer, Abrams, Kornblum, Wright & Smith 1988,
 *   Psychological Review 95(3)): a primary submovement with a minimum-jerk (bell-shaped) speed
 *   profile (Flash & Hogan 1985, J Neurosci 5(7)) lasting `primaryShare` of the Fitts movement
 *   time MT = a + b·log2(A/W + 1) (Fitts 1954, Shannon form MacKenzie 1992), with a gain noise
 *   along the movement axis and a perpendicular noise (end-point spread grows with amplitude);
 *   then corrective submovements while the aim is off the target;
 * - tracks moving targets by smooth pursuit: the target's angular velocity seen `lagMs` ago
 *   times `pursuitGain` (about 0.9 for a predictable target: Lisberger, Morris & Tychsen 1987,
 *   Annu Rev Neurosci 10), plus a position feedback `feedbackPerS` x the error seen then, with
 *   velocity noise; a submovement toward a moving target (a catch-up saccade's analogue) leads
 *   its future position by `leadShare` of its travel during the movement, and is added to the
 *   pursuit that keeps running (the pursuit command is added to the saccadic command: de
 *   Brouwer, Missal & Lefèvre 2001, J Neurophysiol 86), so the submovement itself covers only
 *   the part of that travel the pursuit does not (leadShare - pursuitGain);
 * - clicks after a dwell on the target (semi-automatic weapons), on a moving target at the
 *   moment it predicts its crosshair to be on the aimed zone (`crossingClick`: players time the
 *   click while tracking, Park & Lee 2020, "An Intermittent Click Planning Model", CHI '20), or
 *   holds fire while on or near the target (automatic weapons);
 * - moves a mouse: reports at `pollHz` with a Gaussian jitter on each interval, whole counts
 *   only (the remainder carries over), a report only when the count is not zero; cm/360 and
 *   DPI give the product sensitivity (cm/360 = 2.54·360 / (dpi·0.022·sens), constants.ts).
 *
 * Seeded (src/ecs/rng.ts sfc32), deterministic in one JS engine (the same seed and skill give
 * the same log), allocation-light (scratch arrays, no per-report objects except the logged
 * events themselves). Node only (it loads drills through the kit).
 */
import type { CatalogueDrill } from '../contracts/drillSchema';
import type { EngineSettings, InputEvent } from '../contracts/engine';
import type { BulletRecord, GameData, ReplayData } from '../contracts/performance';
import type { DrillConfig } from '../contracts/drillConfig';
import { critMatters } from '../drill/critRules';
import { modelParts } from '../ecs/targetModels';
import { REPLAY_ENGINE_VERSION } from '../contracts/performance';
import { TICK_MS, YAW_DEG_PER_COUNT } from '../contracts/constants';
import { quantizeEventTime } from '../contracts/eventTime';
import { encodeReplayLogBase64 } from '../contracts/replayCodec';
import { createDrillKit, type KitMetrics } from '../kit';
import { parseDrillConfig } from '../drill/parseDrillConfig';
import type { GameConfigResponse } from '../contracts/gameConfig';
import { createRng, type Rng } from '../ecs/rng';
import { buildGameData } from '../metrics/scoring';

/** Ex-Gaussian distribution of a latency, ms: mu + sigma·N(0,1) + Exp(mean tau). */
export interface ExGaussian {
  muMs: number;
  sigmaMs: number;
  tauMs: number;
}

/**
 * The parameters of a synthetic player. Angles in degrees, times in ms.
 */
export interface HumanSkill {
  name: string;
  /** reaction to a target that appears while the player is free (ex-Gaussian, ms) */
  reaction: ExGaussian;
  /** latency before flicking to a target already on screen (after a kill or a miss), ms */
  switch: ExGaussian;
  /** Fitts intercept a (ms) and slope b (ms/bit) of the whole movement (MT = a + b·ID,
   * ID = log2(A/W + 1), Shannon form; mouse pointing b ≈ 100-200 ms/bit, training.md) */
  fittsAMs: number;
  fittsBMsPerBit: number;
  /** coefficient of variation of each movement time (lognormal) */
  mtCv: number;
  /** share of MT taken by the primary submovement (Meyer et al. 1988: most of the distance
   * and most of the time) */
  primaryShare: number;
  /** primary submovement gain along the movement axis: mean and SD (G = (A+s)/A; humans
   * undershoot slightly on average) */
  gainMean: number;
  gainSd: number;
  /** perpendicular end-point SD as a share of the amplitude */
  perpSd: number;
  /** corrective submovement: duration = corrAMs + corrBMsPerBit · ID of the remaining error;
   * its gain SD */
  corrAMs: number;
  corrBMsPerBit: number;
  corrGainSd: number;
  /** pause after a submovement before the error is judged (visual feedback), ms: uniform */
  settleMs: [number, number];
  /** the player clicks when the aim is within this share of the target's angular radius */
  clickTolerance: number;
  /** SD of the player's judgement of that tolerance (a share of it): a player sometimes clicks
   * when a little off (a miss), sometimes corrects when already on */
  judgeSd: number;
  /** chance that the player clicks right at the end of the primary submovement (a flick shot,
   * no dwell) when the end point is within 2 target radii: fast, and sometimes a miss */
  flickClickP: number;
  /** time on target before the click, ms (ex-Gaussian) */
  dwell: ExGaussian;
  /** button held down per click, ms (uniform) */
  clickHoldMs: [number, number];
  /** smooth pursuit: perceptual-motor lag (ms), velocity gain (0..1), position feedback (1/s),
   * velocity noise SD as a share of the target's angular speed plus a floor in deg/s */
  lagMs: number;
  pursuitGain: number;
  feedbackPerS: number;
  velNoise: number;
  velNoiseFloorDegS: number;
  /** share of a moving target's travel during a submovement that the player leads (the aim's
   * whole travel: the running pursuit covers pursuitGain of it, the submovement the rest) */
  leadShare: number;
  /** SD of the timing of a click aimed at a predicted moment (the crosshair crossing a moving
   * target's aim zone), ms: temporal pointing (Lee & Oulasvirta 2016, "Modelling error rates in
   * temporal pointing", CHI '16: the click time scatters around the intended moment through
   * internal time-keeping and response execution); the values (12-35 ms) are our choice, a
   * fraction of a 64 Hz tick to two; see `crossingClick` */
  clickTimingSdMs: number;
  /** on a moving target (semi-automatic weapon): how long, ms, the player waits once ready to
   * shoot for its predicted crosshair-on-zone moment before it shoots anyway (a hurried shot,
   * mostly a body shot when it aimed at a head); see `crossingClick`. Our choice (350 ms for
   * every preset: about half of a strafe leg, so a head that keeps running from the aim does
   * not stop the player shooting) */
  crossWaitMs: number;
  /** physiological tremor amplitude, degrees (about 8-12 Hz; Elble & Koller 1990 "Tremor") */
  tremorDeg: number;
  /** mouse report rate (Hz) and the SD of each report interval (ms) */
  pollHz: number;
  pollJitterMs: number;
  /** cm of mouse travel per 360° turn, and the mouse's counts per inch */
  cm360: number;
  dpi: number;
}

/** Names of the presets of `HUMAN_PRESETS`. */
export type HumanPresetName = 'novice' | 'average' | 'skilled' | 'elite';

const base: Omit<HumanSkill, 'name'> = {
  reaction: { muMs: 205, sigmaMs: 25, tauMs: 45 },
  switch: { muMs: 110, sigmaMs: 25, tauMs: 40 },
  fittsAMs: 90,
  fittsBMsPerBit: 150,
  mtCv: 0.12,
  primaryShare: 0.72,
  gainMean: 0.95,
  gainSd: 0.08,
  perpSd: 0.04,
  corrAMs: 90,
  corrBMsPerBit: 60,
  corrGainSd: 0.15,
  settleMs: [25, 70],
  clickTolerance: 0.8,
  judgeSd: 0.35,
  flickClickP: 0.3,
  dwell: { muMs: 70, sigmaMs: 15, tauMs: 35 },
  clickHoldMs: [55, 95],
  lagMs: 110,
  pursuitGain: 0.85,
  feedbackPerS: 3.5,
  velNoise: 0.15,
  velNoiseFloorDegS: 3,
  leadShare: 0.6,
  clickTimingSdMs: 20,
  crossWaitMs: 350,
  tremorDeg: 0.02,
  pollHz: 1000,
  pollJitterMs: 0.08,
  cm360: 35,
  dpi: 800,
};

/**
 * Presets from a casual player to a top player. Reaction means follow simple visual reaction
 * times (180-250 ms; trained players above ~120 ms, training.md); Fitts slopes the 100-200
 * ms/bit of mouse pointing (MacKenzie 1992); report rates the common 125 / 500 / 1000 Hz mice.
 */
export const HUMAN_PRESETS: Readonly<Record<HumanPresetName, HumanSkill>> = {
  novice: {
    ...base, name: 'novice', reaction: { muMs: 250, sigmaMs: 35, tauMs: 60 }, switch: { muMs: 150, sigmaMs: 35, tauMs: 60 },
    fittsAMs: 130, fittsBMsPerBit: 200, gainSd: 0.12, perpSd: 0.06, corrGainSd: 0.2, clickTolerance: 0.7,
    dwell: { muMs: 110, sigmaMs: 25, tauMs: 60 }, lagMs: 140, pursuitGain: 0.7, feedbackPerS: 2.5, velNoise: 0.25,
    velNoiseFloorDegS: 5, leadShare: 0.3, clickTimingSdMs: 35, tremorDeg: 0.03, pollHz: 125, pollJitterMs: 0.4, cm360: 25, dpi: 800,
  },
  average: { ...base, name: 'average', pollHz: 500, pollJitterMs: 0.15 },
  skilled: {
    ...base, name: 'skilled', reaction: { muMs: 185, sigmaMs: 20, tauMs: 35 }, switch: { muMs: 90, sigmaMs: 20, tauMs: 30 },
    fittsAMs: 70, fittsBMsPerBit: 125, gainSd: 0.07, settleMs: [20, 50], perpSd: 0.035, dwell: { muMs: 55, sigmaMs: 12, tauMs: 25 },
    lagMs: 95, pursuitGain: 0.9, feedbackPerS: 4.5, velNoise: 0.12, leadShare: 0.7, clickTimingSdMs: 15, cm360: 40, dpi: 800,
  },
  elite: {
    ...base, name: 'elite', reaction: { muMs: 165, sigmaMs: 15, tauMs: 25 }, switch: { muMs: 75, sigmaMs: 15, tauMs: 25 },
    fittsAMs: 55, fittsBMsPerBit: 105, gainSd: 0.06, settleMs: [15, 40], perpSd: 0.03, corrGainSd: 0.12, clickTolerance: 0.85,
    dwell: { muMs: 45, sigmaMs: 10, tauMs: 20 }, lagMs: 85, pursuitGain: 0.95, feedbackPerS: 5.5, velNoise: 0.1,
    velNoiseFloorDegS: 2, leadShare: 0.8, clickTimingSdMs: 12, tremorDeg: 0.015, cm360: 45, dpi: 1600,
  },
};

/** Product sensitivity for `cm360` cm/360 at `dpi` counts per inch:
 * 2.54·360 / (dpi · YAW_DEG_PER_COUNT · cm360) (src/contracts/constants.ts). */
export function sensitivityFor(cm360: number, dpi: number): number {
  return (2.54 * 360) / (dpi * YAW_DEG_PER_COUNT * cm360);
}

/** A simulated run: what a client would submit and what the engine computed. */
export interface SimulatedRun {
  drillId: number;
  seed: number;
  /** who played: a preset name, or 'bot:<kind>' */
  player: string;
  settings: EngineSettings;
  /** the run's input log (engine.inputLog(), sorted by t, times on the 1/16 ms grid) */
  log: readonly InputEvent[];
  /** the `replay` object a client submits (src/game/submission.ts buildReplay's form) */
  replay: ReplayData;
  /** the `gameData` the engine's counters give (src/metrics/scoring.ts buildGameData) */
  gameData: GameData;
  /** the kit's scoring: kills, accuracy, time_destroy, score */
  metrics: KitMetrics;
  /** ticks played */
  ticks: number;
  /** the engine's shot records (the submission's `bulletData`; empty when the drill does not
   * track bullets) */
  bulletData: BulletRecord[];
  /** where the player aimed on each target: its centre, or its crit zone (`critAimPart`);
   * bots always aim at the centre */
  aimPoint: 'centre' | 'crit';
}

/**
 * Where `simulateHumanRun` aims: 'auto' (default) = the crit zone on drills where crits matter
 * (critMatters) and the model has one off the centre or a drawn core, else the centre;
 * 'centre' and 'crit' force one (a drill without a crit zone is aimed at the centre).
 */
export type HumanAim = 'auto' | 'centre' | 'crit';

/** The crit zone a player aims at, in units of the engine's target radius r (Target.radius,
 * metres = target_size x the largest scale factor). */
export interface CritAimPart {
  /** height of the zone's centre above the target's centre, x r */
  yR: number;
  /** the zone's radius (the smallest half-extent of a stretched part), x r */
  radR: number;
}

/**
 * The crit zone of `config`'s targets, or null when they have none (a plate; a sphere without
 * a drawn core). Follows the engine's hit test (src/ecs/systems/shootingSystem.ts raycastIn):
 * a model's crit part (src/ecs/targetModels.ts modelParts, `crit: true`) lies in the model's
 * local unit space scaled by r x (scale / its largest factor) per axis, so its centre is
 * y x r x ky above the target's centre (ky = scale[1] / max(scale)); a sphere with a drawn core
 * (`critCore`) crits within critRadiusFraction x r of its centre line. Every crit part of
 * TARGET_MODEL_SHAPES lies on the model's vertical axis (x = z = 0, so the face-player turn
 * does not move it; tested). Throws RangeError for an unknown model (as modelParts).
 */
export function critAimPart(config: Pick<DrillConfig, 'target'>): CritAimPart | null {
  const t = config.target;
  if (t.model === 'sphere') return t.critCore ? { yR: 0, radR: t.critRadiusFraction } : null;
  const part = modelParts(t.model).find((p) => p.crit);
  if (!part) return null;
  const [sx, sy, sz] = t.scale;
  const m = Math.max(sx, sy, sz);
  return { yR: ((part.y0 + part.y1) / 2) * (sy / m), radR: part.radius * (Math.min(sx, sy, sz) / m) };
}

/** One target as the player sees it at a tick's start: angles in degrees from the eye. */
interface Seen {
  eid: number;
  /** the aim point: the centre, or the crit zone's centre on a crit-aimed run */
  yaw: number;
  pitch: number;
  /** angular radius of what is aimed at (the target, or its crit zone), degrees */
  rad: number;
  /** the target's centre and angular radius (the body a crit-aimed player settles for) */
  cyaw: number;
  cpitch: number;
  crad: number;
  priority: boolean;
}

/** What a controller sees at the start of tick k (the end of tick k - 1). */
interface View {
  tick: number;
  t0: number;
  yaw: number;
  pitch: number;
  targets: Seen[];
  n: number;
  awaitingReturn: boolean;
  centre: { yaw: number; pitch: number };
  /** how close to the centre counts as back, degrees (the drill's returnAngleDeg) */
  returnAngle: number;
  automatic: boolean;
  fireIntervalMs: number;
  /** the targets' aim points are their crit zones (critAimPart) */
  critAim: boolean;
}

/** Corrective submovements a crit-aiming player with a semi-automatic weapon makes toward the
 * crit zone in one attempt before it gives up on getting onto it. On a static target it then
 * settles for the body (aims at the target's centre): a head it cannot get onto is given up for
 * a body shot. On a moving target it keeps the crit zone as its aim point (the pursuit keeps
 * pulling the aim onto it), corrects only when off the target's body, and lets the click timing
 * (`crossingClick`) take the head when the crosshair crosses it, or a hurried shot after
 * `crossWaitMs`. An attempt starts when the goal is chosen and again after each shot. With an
 * automatic weapon the player keeps aiming at the zone and holds fire while on or near the
 * body. Our choice (the model's tolerance loop would otherwise chase a small moving head
 * without ever shooting). */
export const HEAD_CORRECTIONS = 2;

/** On a moving target aimed at its crit zone, the player settles into tracking (and, with a
 * semi-automatic weapon, waits for its click moment, `crossingClick`) once its aim is within
 * this share of the target's radius r of the crit zone's centre (a humanoid's head sphere is
 * 0.16 r), and makes a corrective submovement only beyond it (beyond r after HEAD_CORRECTIONS
 * corrections); the smooth pursuit's position feedback keeps pulling the aim onto the zone
 * meanwhile. Our choice: with the zone's own radius the model's pursuit error on a strafing
 * target kept it correcting without ever tracking. */
export const TRACK_ZONE = 0.4;

/** A player that writes the input events of one tick. */
interface Controller {
  /** push the events of tick `v.tick` (t within [t0, t0 + TICK_MS)), in time order */
  tick(v: View, out: InputEvent[]): void;
}

const D = 180 / Math.PI;

/** Angle a - b wrapped to [-180, 180). */
function wrap(d: number): number {
  d %= 360;
  if (d >= 180) d -= 360; else if (d < -180) d += 360;
  return d;
}

/** Standard normal deviate (Box-Muller; one cached). */
function gauss(r: Rng, cache: { v: number; has: boolean }): number {
  if (cache.has) { cache.has = false; return cache.v; }
  let u = r.next();
  if (u < 1e-12) u = 1e-12;
  const v = r.next();
  const m = Math.sqrt(-2 * Math.log(u));
  cache.v = m * Math.sin(2 * Math.PI * v);
  cache.has = true;
  return m * Math.cos(2 * Math.PI * v);
}

function exGauss(r: Rng, c: { v: number; has: boolean }, e: ExGaussian): number {
  let u = r.next();
  if (u < 1e-12) u = 1e-12;
  return Math.max(0, e.muMs + e.sigmaMs * gauss(r, c) - e.tauMs * Math.log(u));
}

/** Round time `t` on the recorder's 1/16 ms grid (quantizeEventTime), kept inside the tick
 * that starts at `t0`. */
function qt(t0: number, t: number): number {
  return Math.min(t0 + TICK_MS - 0.0625, Math.max(t0, quantizeEventTime(t)));
}

/** Minimum-jerk position share at phase x in [0, 1]: 10x³ - 15x⁴ + 6x⁵ (Flash & Hogan 1985). */
function minJerk(x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const x3 = x * x * x;
  return x3 * (10 - 15 * x + 6 * x * x);
}

/** The drill config of a catalogue entry (already schema-checked by the catalogue): the engine's
 * parser (src/drill/parseDrillConfig.ts), as the server parses its stored copy. Throws
 * DrillConfigError. */
export function catalogueDrillConfig(drill: CatalogueDrill): DrillConfig {
  const { category: _c, ...fields } = drill as unknown as Record<string, unknown>;
  return parseDrillConfig(fields as unknown as GameConfigResponse);
}

/**
 * Plays `drill` with `controller` through the kit until the round ends and returns the run.
 * Throws when the round does not end within its length plus 10 minutes (return-to-centre).
 */
function driveRun(drill: CatalogueDrill, config: DrillConfig, seed: number, settings: EngineSettings, player: string,
  controller: Controller, aim: CritAimPart | null): SimulatedRun {
  const despawnMs = 200;
  const kit = createDrillKit({ drill: config, seed, settings, despawnAnimationMs: despawnMs });
  const engine = kit.engine;
  const targets: Seen[] = [];
  for (let i = 0; i < 64; i++) targets.push({ eid: 0, yaw: 0, pitch: 0, rad: 0, cyaw: 0, cpitch: 0, crad: 0, priority: false });
  const rp = config.returnPos;
  const view: View = {
    tick: 0, t0: 0, yaw: 0, pitch: 0, targets, n: 0, awaitingReturn: false, centre: { yaw: 0, pitch: 0 }, returnAngle: config.returnAngleDeg,
    automatic: config.weapon.automatic, fireIntervalMs: 1000 / Math.max(0.001, config.weapon.fireRate), critAim: aim !== null,
  };
  const out: InputEvent[] = [];
  const maxTicks = engine.durationTicks + 64 * 600;
  while (!engine.finished) {
    if (engine.tick >= maxTicks) throw new Error(`simulated run of drill ${drill.id} did not end within ${maxTicks} ticks`);
    const eye = engine.eye;
    view.tick = engine.tick;
    view.t0 = engine.tick * TICK_MS;
    view.yaw = engine.yaw;
    view.pitch = engine.pitch;
    view.awaitingReturn = engine.awaitingReturn;
    {
      const vx = rp[0] - eye.x, vy = rp[1] - eye.y, vz = rp[2] - eye.z;
      view.centre.yaw = Math.atan2(vx, -vz) * D;
      view.centre.pitch = Math.asin(Math.max(-1, Math.min(1, vy / (Math.hypot(vx, vy, vz) || 1)))) * D;
    }
    let n = 0;
    engine.forEachTarget((t) => {
      if (t.despawn >= 0 || n >= targets.length) return;
      const vx = t.x - eye.x, vy = t.y - eye.y, vz = t.z - eye.z;
      const len = Math.hypot(vx, vy, vz) || 1;
      const s = targets[n++];
      s.eid = t.eid;
      s.cyaw = Math.atan2(vx, -vz) * D;
      s.cpitch = Math.asin(Math.max(-1, Math.min(1, vy / len))) * D;
      s.crad = Math.asin(Math.min(1, t.radius / len)) * D;
      s.priority = t.priority;
      if (!aim) { s.yaw = s.cyaw; s.pitch = s.cpitch; s.rad = s.crad; return; }
      // the aim point: the crit zone's centre (critAimPart)
      const hy = vy + aim.yR * t.radius;
      const hl = Math.hypot(vx, hy, vz) || 1;
      s.yaw = s.cyaw;
      s.pitch = Math.asin(Math.max(-1, Math.min(1, hy / hl))) * D;
      s.rad = Math.asin(Math.min(1, (aim.radR * t.radius) / hl)) * D;
    });
    view.n = n;
    out.length = 0;
    controller.tick(view, out);
    engine.step(out);
    engine.drainEvents();
  }
  const log = engine.inputLog();
  const replay: ReplayData = {
    seed, settings: { ...settings, adsSensitivity: config.adsSens } as ReplayData['settings'],
    input_log_b64: encodeReplayLogBase64(log),
    engine_version: REPLAY_ENGINE_VERSION,
    despawn_ms: despawnMs,
    final_hash: engine.stateHash(),
    ticks: engine.tick,
  };
  const gameData = buildGameData(engine, {
    viewportWidth: 1280, viewportHeight: 720, fov: config.fov, fovType: config.fovType, sensitivity: settings.sensitivity, frameRate: 144,
  }).gameData;
  return {
    drillId: Number(drill.id), seed, player, settings, log, replay, gameData, metrics: kit.metrics(), ticks: engine.tick,
    bulletData: engine.bullets(), aimPoint: aim ? 'crit' : 'centre',
  };
}

/** A submovement: start time, duration (ms), displacement (degrees yaw, pitch). */
interface Sub { s: number; T: number; dy: number; dp: number }

const HISTORY = 64;

/** The synthetic human's controller (see the module comment). */
class HumanController implements Controller {
  private readonly r: Rng;
  private readonly g = { v: 0, has: false };
  private readonly dpcX: number;
  private readonly dpcY: number;
  // planned aim = anchor + active submovements + pursuit offset + tremor
  private anchorY = 0;
  private anchorP = 0;
  private readonly subs: Sub[] = [];
  private pursY = 0;
  private pursP = 0;
  private vY = 0; // pursuit velocity, deg/ms
  private vP = 0;
  // the velocity noise's share of vY / vP (deg/ms) and its displacement summed over the run
  // (deg): what the player's own motor command did not intend (crossingClick)
  private nvY = 0;
  private nvP = 0;
  private nzY = 0;
  private nzP = 0;
  private lastPursT = 0;
  // emitted aim (whole counts sent), relative to the anchor frame
  private emitY = 0;
  private emitP = 0;
  private nextReport = 0;
  private tremorPhase = 0;
  // goal
  private goal = -1; // eid, or -2 = the return point, -1 none
  private phase: 'idle' | 'wait' | 'move' | 'settle' | 'dwell' = 'idle';
  private phaseAt = 0;
  private freeSince = 0;
  private readonly firstSeen = new Map<number, number>();
  private readonly lastSeen = new Map<number, number>();
  // goal angle history (per tick) for pursuit with lag
  private readonly hY = new Float64Array(HISTORY);
  private readonly hP = new Float64Array(HISTORY);
  private readonly hAimY = new Float64Array(HISTORY);
  private readonly hAimP = new Float64Array(HISTORY);
  private readonly hNzY = new Float64Array(HISTORY);
  private readonly hNzP = new Float64Array(HISTORY);
  private hN = 0;
  // a click planned at a predicted crosshair-on-zone moment (ms; Infinity: none), and since
  // when the player has been ready to shoot and waiting for one (crossingClick)
  private clickAt = Infinity;
  private waitSince = Infinity;
  private goalMoving = false;
  // the player's click tolerance for this wait (clickTolerance x its judgement factor)
  private judge = 1;
  private fireDown = false;
  private fireUpAt = Infinity;
  private lastClick = -Infinity;
  private corrected = false;
  private readonly lagTicks: number;
  // crit aim (View.critAim): corrections toward the crit zone in this attempt, and whether the
  // player has settled for the body (HEAD_CORRECTIONS)
  private critAim = false;
  private automatic = false;
  private headCorr = 0;
  private bodyAim = false;

  constructor(private readonly k: HumanSkill, seed: number, settings: EngineSettings) {
    this.r = createRng((seed ^ 0x5eed1234) >>> 0);
    this.dpcX = settings.sensitivity * YAW_DEG_PER_COUNT;
    this.dpcY = (settings.sensitivityY ?? settings.sensitivity) * YAW_DEG_PER_COUNT;
    this.lagTicks = Math.max(1, Math.round(k.lagMs / TICK_MS));
    this.tremorPhase = this.r.next() * 2 * Math.PI;
    this.nextReport = this.interval();
  }

  private interval(): number {
    return Math.max(0.1, 1000 / this.k.pollHz + this.k.pollJitterMs * gauss(this.r, this.g));
  }

  /** planned aim offset (from the tick-start engine aim frame) at time t */
  private planned(t: number, outYP: Float64Array): void {
    let y = this.anchorY, p = this.anchorP;
    for (let i = 0; i < this.subs.length; i++) {
      const s = this.subs[i];
      const f = minJerk((t - s.s) / s.T);
      y += s.dy * f;
      p += s.dp * f;
    }
    const dt = t - this.lastPursT;
    y += this.pursY + this.vY * dt;
    p += this.pursP + this.vP * dt;
    const tr = this.k.tremorDeg * Math.sin(this.tremorPhase + t * 0.0628); // ~10 Hz
    outYP[0] = y + tr;
    outYP[1] = p + 0.7 * this.k.tremorDeg * Math.cos(this.tremorPhase * 1.3 + t * 0.0571);
  }

  /** the planned end position (all submovements complete), in the aim frame */
  private plannedEnd(outYP: Float64Array): void {
    let y = this.anchorY + this.pursY, p = this.anchorP + this.pursP;
    for (const s of this.subs) { y += s.dy; p += s.dp; }
    outYP[0] = y;
    outYP[1] = p;
  }

  private readonly tmp = new Float64Array(2);

  private find(v: View, eid: number): Seen | null {
    for (let i = 0; i < v.n; i++) if (v.targets[i].eid === eid) return v.targets[i];
    return null;
  }

  private chooseGoal(v: View, aimY: number, aimP: number): number {
    let best = -1, bestD = Infinity, bestPri = false;
    for (let i = 0; i < v.n; i++) {
      const s = v.targets[i];
      const d = Math.hypot(wrap(s.yaw - aimY) * Math.cos(aimP / D), s.pitch - aimP);
      if ((s.priority && !bestPri) || (s.priority === bestPri && d < bestD)) { best = s.eid; bestD = d; bestPri = s.priority; }
    }
    if (best < 0 && v.awaitingReturn) return -2;
    return best;
  }

  tick(v: View, out: InputEvent[]): void {
    const k = this.k;
    const t0 = v.t0, t1 = t0 + TICK_MS;
    // the engine aim at t0 is the frame origin: re-anchor everything on it
    // (emitted counts equal the engine's aim except for the pitch clamp)
    this.plannedEnd(this.tmp);
    const aimY = v.yaw, aimP = v.pitch; // absolute
    // absolute planned end = aim + (plannedEnd - emitted)
    const endY = aimY + (this.tmp[0] - this.emitY), endP = aimP + (this.tmp[1] - this.emitP);
    // entity ids are reused: an id absent at the previous look is a new target
    for (let i = 0; i < v.n; i++) {
      const e = v.targets[i].eid;
      if (!this.firstSeen.has(e) || this.lastSeen.get(e) !== v.tick - 1) this.firstSeen.set(e, t0);
      this.lastSeen.set(e, v.tick);
    }

    // goal bookkeeping
    let g: Seen | null = null;
    let gy = 0, gp = 0, grad = 0;
    if (this.goal >= 0) g = this.find(v, this.goal);
    if ((this.goal >= 0 && !g) || (this.goal === -2 && !v.awaitingReturn) || this.goal === -1 || (this.goal === -2 && v.n > 0)) {
      // goal gone (killed, timed out) or none: choose the next one
      if (this.goal !== -1) this.freeSince = t0;
      this.goal = this.chooseGoal(v, endY, endP);
      this.hN = 0;
      this.headCorr = 0; this.bodyAim = false;
      this.clickAt = Infinity; this.waitSince = Infinity;
      if (this.fireDown && v.automatic) { out.push({ type: 'fire', t: qt(t0, t0 + 0.25), down: false }); this.fireDown = false; this.fireUpAt = Infinity; }
      if (this.goal === -1) { this.phase = 'idle'; }
      else {
        const seen = this.goal === -2 ? t0 : (this.firstSeen.get(this.goal) ?? t0);
        const fresh = seen >= this.freeSince;
        const lat = fresh ? exGauss(this.r, this.g, k.reaction) : exGauss(this.r, this.g, k.switch);
        this.phase = 'wait';
        this.phaseAt = Math.max(t0, (fresh ? seen : this.freeSince) + lat);
      }
      if (this.goal >= 0) g = this.find(v, this.goal);
    }
    this.critAim = v.critAim;
    this.automatic = v.automatic;
    if (v.critAim && g) {
      // settle for the body after HEAD_CORRECTIONS corrections; back to the head after a shot
      // (a moving target's crit zone stays the aim point: see TRACK_ZONE)
      const body = this.headCorr >= HEAD_CORRECTIONS && !(this.goalMoving && !this.automatic);
      if (body !== this.bodyAim) {
        // move the goal's history to the new aim point (the pursuit sees no jump)
        const dy = body ? g.cyaw - g.yaw : g.yaw - g.cyaw, dp = body ? g.cpitch - g.pitch : g.pitch - g.cpitch;
        for (let i = 0; i < HISTORY; i++) { this.hY[i] += dy; this.hP[i] += dp; }
        this.bodyAim = body;
      }
    }
    if (this.goal === -2) { gy = v.centre.yaw; gp = v.centre.pitch; grad = v.returnAngle * 0.8; }
    else if (g && this.bodyAim) { gy = g.cyaw; gp = g.cpitch; grad = g.crad; }
    else if (g) { gy = g.yaw; gp = g.pitch; grad = g.rad; }

    // history of the goal's angle and the aim (for pursuit with lag)
    if (this.goal !== -1) {
      const hi = this.hN % HISTORY;
      this.hY[hi] = gy; this.hP[hi] = gp; this.hAimY[hi] = aimY; this.hAimP[hi] = aimP;
      this.hNzY[hi] = this.nzY + this.nvY * (t0 - this.lastPursT); this.hNzP[hi] = this.nzP + this.nvP * (t0 - this.lastPursT);
      this.hN++;
    }
    // target angular velocity seen lagTicks ago (deg/ms), and the error then
    let tvY = 0, tvP = 0, errLY = 0, errLP = 0;
    if (this.hN > this.lagTicks + 1) {
      const a = (this.hN - 1 - this.lagTicks) % HISTORY, b = (this.hN - 2 - this.lagTicks + HISTORY) % HISTORY;
      tvY = wrap(this.hY[a] - this.hY[b]) / TICK_MS;
      tvP = (this.hP[a] - this.hP[b]) / TICK_MS;
      errLY = wrap(this.hY[a] - this.hAimY[a]);
      errLP = this.hP[a] - this.hAimP[a];
    }
    const moving = Math.hypot(tvY, tvP) * 1000 > 1;
    if (this.goal >= 0) this.goalMoving = moving;

    // fold the pursuit offset to this tick's start and set this tick's pursuit velocity
    this.pursY += this.vY * (t0 - this.lastPursT);
    this.pursP += this.vP * (t0 - this.lastPursT);
    this.nzY += this.nvY * (t0 - this.lastPursT);
    this.nzP += this.nvP * (t0 - this.lastPursT);
    this.lastPursT = t0;
    if (this.goal >= 0 && this.phase !== 'wait' && this.phase !== 'idle' && this.hN > this.lagTicks + 1) {
      const tSpeed = Math.hypot(tvY, tvP) * 1000;
      const noise = (k.velNoise * tSpeed + k.velNoiseFloorDegS) / 1000;
      const fb = this.phase === 'move' || !moving ? 0 : k.feedbackPerS / 1000;
      this.nvY = noise * gauss(this.r, this.g);
      this.nvP = noise * gauss(this.r, this.g);
      this.vY = k.pursuitGain * tvY + fb * errLY + this.nvY;
      this.vP = k.pursuitGain * tvP + fb * errLP + this.nvP;
    } else { this.vY = 0; this.vP = 0; this.nvY = 0; this.nvP = 0; }

    // retire finished submovements into the anchor
    for (let i = this.subs.length - 1; i >= 0; i--) {
      const s = this.subs[i];
      if (s.s + s.T <= t0) { this.anchorY += s.dy; this.anchorP += s.dp; this.subs.splice(i, 1); }
    }

    // the phase machine, decided at this tick's start (events at sub-tick times)
    const errY = wrap(gy - endY), errP = gp - endP;
    const err = Math.hypot(errY * Math.cos(gp / D), errP);
    const W = Math.max(0.05, 2 * grad);
    // the zone the player judges its aim against: the goal's (the crit zone's) radius; on a moving
    // target aimed at its crit zone, TRACK_ZONE x the target's radius (see there)
    // (after HEAD_CORRECTIONS corrections with a semi-automatic weapon, the target's radius: the
    // player tracks near the head and lets crossingClick time the shot)
    const zone = v.critAim && g && !this.bodyAim && moving
      ? (!v.automatic && this.headCorr >= HEAD_CORRECTIONS ? g.crad : Math.max(grad, TRACK_ZONE * g.crad)) : grad;
    if (this.goal !== -1) {
      if (this.phase === 'wait' && this.phaseAt < t1) {
        this.flick(Math.max(t0, this.phaseAt), errY, errP, err, W, tvY, tvP, false);
      } else if (this.phase === 'move' && this.phaseAt < t1) {
        this.phase = 'settle';
        this.phaseAt = Math.max(t0, this.phaseAt) + k.settleMs[0] + (k.settleMs[1] - k.settleMs[0]) * this.r.next();
      } else if (this.phase === 'settle' && this.phaseAt < t1) {
        if (!this.corrected && err < 2 * grad && this.r.next() < k.flickClickP) { this.phase = 'dwell'; this.phaseAt = Math.max(t0, this.phaseAt); }
        else if (err > k.clickTolerance * zone * Math.max(0.2, 1 + k.judgeSd * gauss(this.r, this.g))) this.flick(Math.max(t0, this.phaseAt), errY, errP, err, W, tvY, tvP, true);
        else { this.phase = 'dwell'; this.phaseAt = Math.max(t0, this.phaseAt) + (v.automatic ? 0 : exGauss(this.r, this.g, k.dwell)); }
      } else if (this.phase === 'dwell') {
        if (err > Math.max(k.clickTolerance, 1.1) * zone && this.subs.length === 0) {
          // drifted off (a moving target): correct
          this.flick(t0 + this.r.next() * 4, errY, errP, err, W, tvY, tvP, true);
        } else if (!v.automatic && this.phaseAt < t1 && this.goal >= 0 && !this.fireDown) {
          let tc = Math.max(t0, this.phaseAt, this.lastClick + v.fireIntervalMs + 1);
          // a moving target: the click waits for the predicted crosshair-on-zone moment
          if (tc < t1 && moving) tc = this.crossingClick(v, tc, gp, grad, tvY, tvP);
          if (tc < t1) {
            this.clickAt = Infinity; this.waitSince = Infinity;
            out.push({ type: 'fire', t: qt(t0, tc), down: true });
            this.fireDown = true;
            this.lastClick = tc;
            this.fireUpAt = tc + k.clickHoldMs[0] + (k.clickHoldMs[1] - k.clickHoldMs[0]) * this.r.next();
            // a target that survives the shot gets another click after a dwell
            this.phaseAt = tc + Math.max(v.fireIntervalMs, exGauss(this.r, this.g, k.dwell) + 90);
          }
        }
      }
    }
    // automatic weapons: hold fire while on or near the target (its whole body: a crit-aiming
    // player sprays at the head and lets the body take what misses it)
    if (v.automatic && this.goal >= 0 && this.phase !== 'wait') {
      let errB = err, radB = grad;
      if (v.critAim && g) {
        radB = g.crad;
        errB = Math.hypot(wrap(g.cyaw - endY) * Math.cos(g.cpitch / D), g.cpitch - endP);
      }
      const near = errB <= 1.3 * radB;
      if (near && !this.fireDown) { out.push({ type: 'fire', t: qt(t0, t0 + 0.5 + 3 * this.r.next()), down: true }); this.fireDown = true; this.fireUpAt = Infinity; }
      else if (!near && this.fireDown && errB > 2.5 * radB) { out.push({ type: 'fire', t: qt(t0, t0 + 0.5 + 3 * this.r.next()), down: false }); this.fireDown = false; }
    }
    if (this.fireDown && this.fireUpAt < t1) {
      out.push({ type: 'fire', t: qt(t0, Math.max(t0, this.fireUpAt)), down: false });
      this.fireDown = false;
      this.fireUpAt = Infinity;
      this.headCorr = 0; // a new attempt at its crit zone
    }

    // mouse reports inside [t0, t1)
    while (this.nextReport < t1) {
      const t = this.nextReport;
      this.nextReport += this.interval();
      this.planned(t, this.tmp);
      const cx = Math.trunc((this.tmp[0] - this.emitY) / this.dpcX);
      const cy = Math.trunc((this.tmp[1] - this.emitP) / this.dpcY);
      if (cx === 0 && cy === 0) continue;
      this.emitY += cx * this.dpcX;
      this.emitP += cy * this.dpcY;
      out.push({ type: 'look', t: qt(t0, t), dx: cx, dy: -cy, device: 'Mouse' });
    }
    out.sort((a, b) => a.t - b.t);
    // re-base the frame on the next tick's engine aim: emitted == engine aim change
    this.anchorY -= this.emitY; this.anchorP -= this.emitP;
    this.emitY = 0; this.emitP = 0;
  }

  /**
   * The click time on a moving target (semi-automatic weapon), ms, or Infinity while the player
   * still waits; `from` (>= the tick's start v.t0) is the earliest time the player is ready to
   * shoot. Players tracking a moving target with a semi-automatic weapon do not click on a
   * lagging aim: they time the click to the moment they predict the crosshair to be on the
   * target (temporal pointing: Lee & Oulasvirta 2016, CHI '16; moving-target selection:
   * Lee, Kim, Byun & Oulasvirta 2018, "Moving target selection: a cue integration model",
   * CHI '18), using the same prediction that drives catch-up saccades (de Brouwer, Yuksel,
   * Blohm, Missal & Lefèvre 2002, J Neurophysiol 87: position error plus retinal slip
   * extrapolated over the saccade's latency). The model's prediction:
   * - the target's aim point (`grad`: the crit zone's angular radius on a crit-aimed run, else
   *   the target's), seen `lagMs` ago, extrapolated at its velocity seen then (tvY, tvP, deg/ms):
   *   a direction change or a jump since is not seen yet;
   * - the player's own aim from its motor command (efference copy: the planned submovements and
   *   pursuit), less the velocity noise since `lagMs` ago (motor noise is not in the command;
   *   Harris & Wolpert 1998, Nature 394); tremor is not seen either.
   * It samples the prediction every ms of this tick from `from`; when the nearest predicted
   * approach is within `clickTolerance` x grad (x the judgement factor drawn once per wait,
   * 1 + judgeSd·N(0,1)), it plans the click at that moment plus a timing error
   * N(0, clickTimingSdMs). After `crossWaitMs` of waiting without such a moment it shoots at
   * once (a hurried shot: on a crit-aimed run mostly a body shot). Draws random numbers.
   */
  private crossingClick(v: View, from: number, gp: number, grad: number, tvY: number, tvP: number): number {
    const k = this.k;
    if (this.clickAt < Infinity) return Math.max(from, this.clickAt);
    if (this.waitSince === Infinity) {
      this.waitSince = from;
      this.judge = k.clickTolerance * Math.max(0.2, 1 + k.judgeSd * gauss(this.r, this.g));
    }
    const t0 = v.t0, t1 = t0 + TICK_MS;
    if (this.hN > this.lagTicks + 1) {
      const a = (this.hN - 1 - this.lagTicks) % HISTORY;
      const tA = t0 - this.lagTicks * TICK_MS;
      const cosP = Math.cos(gp / D), lim = this.judge * grad;
      let best = Infinity, bestT = from;
      for (let t = from; t < t1; t += 1) {
        this.planned(t, this.tmp);
        // the aim the player believes it has at t (absolute, degrees)
        const belY = v.yaw + this.tmp[0] - (this.nzY + this.nvY * (t - t0) - this.hNzY[a]);
        const belP = v.pitch + this.tmp[1] - (this.nzP + this.nvP * (t - t0) - this.hNzP[a]);
        const d = Math.hypot(wrap(this.hY[a] + tvY * (t - tA) - belY) * cosP, this.hP[a] + tvP * (t - tA) - belP);
        if (d < best) { best = d; bestT = t; }
      }
      if (best <= lim) {
        this.clickAt = bestT + k.clickTimingSdMs * gauss(this.r, this.g);
        return Math.max(from, this.clickAt);
      }
    }
    return from - this.waitSince >= k.crossWaitMs ? from : Infinity;
  }

  /** plans a (primary or corrective) submovement at time ts toward the error (errY, errP) */
  private flick(ts: number, errY: number, errP: number, err: number, W: number, tvY: number, tvP: number, correction: boolean): void {
    const k = this.k;
    const id = Math.log2(err / W + 1);
    let T: number;
    if (correction) T = k.corrAMs + k.corrBMsPerBit * id;
    else T = k.primaryShare * (k.fittsAMs + k.fittsBMsPerBit * id);
    T *= Math.exp(k.mtCv * gauss(this.r, this.g) - 0.5 * k.mtCv * k.mtCv);
    T = Math.max(correction ? 40 : 60, T);
    // lead a moving target by a share of its travel during the movement
    // (the smooth pursuit, running during the movement once the target has been seen for lagMs,
    // covers pursuitGain of that travel itself: the submovement adds only the rest)
    const lead = k.leadShare - (this.hN > this.lagTicks + 1 ? k.pursuitGain : 0);
    let ay = errY + lead * tvY * T, ap = errP + lead * tvP * T;
    const a = Math.hypot(ay, ap) || 1e-9;
    const ux = ay / a, uy = ap / a;
    const gain = correction ? 1 + k.corrGainSd * gauss(this.r, this.g) : k.gainMean + k.gainSd * gauss(this.r, this.g);
    const perp = (correction ? 0.5 : 1) * k.perpSd * a * gauss(this.r, this.g);
    ay = ux * a * gain - uy * perp;
    ap = uy * a * gain + ux * perp;
    this.subs.push({ s: ts, T, dy: ay, dp: ap });
    if (correction && this.critAim && !this.bodyAim && !this.automatic) this.headCorr++;
    this.clickAt = Infinity;
    this.corrected = correction;
    this.phase = 'move';
    this.phaseAt = ts + T;
  }
}

/**
 * Plays `drill` as a synthetic human of `opts.skill` (default HUMAN_PRESETS.average) with the
 * PRNG seed `opts.seed` (the engine's seed too) and returns the run (input log, replay object,
 * gameData, scoring). `opts.aim` (default 'auto', see HumanAim): where on a target it aims;
 * the run's `aimPoint` says which was used. Deterministic: the same drill, seed, skill and aim
 * give the same log (the aim point draws no random numbers: on a drill aimed at the centre the
 * run is the one the model gave before the crit aim existed). Throws what the kit throws for a
 * drill that does not parse, Error when the round does not end.
 */
export function simulateHumanRun(drill: CatalogueDrill, opts: { seed: number; skill?: HumanSkill; aim?: HumanAim }): SimulatedRun {
  const skill = opts.skill ?? HUMAN_PRESETS.average;
  const settings: EngineSettings = {
    sensitivity: sensitivityFor(skill.cm360, skill.dpi), sensitivityY: null, invertY: false, inputDevice: 'Mouse',
  };
  const config = catalogueDrillConfig(drill);
  const mode = opts.aim ?? 'auto';
  const aim = mode === 'centre' || (mode === 'auto' && !critMatters(config)) ? null : critAimPart(config);
  return driveRun(drill, config, opts.seed >>> 0, settings, skill.name, new HumanController(skill, opts.seed, settings), aim);
}

/** Kinds of scripted bots (issue 38):
 * - 'instant': one look event per target that lands exactly on it (a teleport), a click at once;
 * - 'constant': a straight line at a constant angular speed (720 °/s), reports exactly every ms;
 * - 'smoothed': a trapezoid speed profile (ease in and out over a quarter each) at 600 °/s peak,
 *   Gaussian noise on every report and jittered report times, a 20-60 ms delay before each move. */
export type BotKind = 'instant' | 'constant' | 'smoothed';
export const BOT_KINDS: readonly BotKind[] = ['instant', 'constant', 'smoothed'];

class BotController implements Controller {
  private readonly r: Rng;
  private readonly g = { v: 0, has: false };
  private readonly dpc: number;
  private goal = -1;
  private startAt = 0;
  private t = 0; // next report time
  private fireDown = false;
  private lastShot = -Infinity;
  private moveFrom = { y: 0, p: 0 };
  private moveStart = 0;
  private remY = 0;
  private remP = 0;

  constructor(private readonly kind: BotKind, seed: number, settings: EngineSettings) {
    this.r = createRng((seed ^ 0xb07b07) >>> 0);
    this.dpc = settings.sensitivity * YAW_DEG_PER_COUNT;
  }

  tick(v: View, out: InputEvent[]): void {
    const t0 = v.t0, t1 = t0 + TICK_MS;
    let g: Seen | null = null;
    for (let i = 0; i < v.n; i++) if (v.targets[i].eid === this.goal) g = v.targets[i];
    let gy: number, gp: number, rad: number;
    if (!g && !(this.goal === -2 && v.awaitingReturn && v.n === 0)) {
      let best: Seen | null = null, bd = Infinity;
      for (let i = 0; i < v.n; i++) {
        const s = v.targets[i];
        const d = Math.hypot(wrap(s.yaw - v.yaw), s.pitch - v.pitch) - (s.priority ? 1e6 : 0);
        if (d < bd) { bd = d; best = s; }
      }
      this.goal = best ? best.eid : v.awaitingReturn ? -2 : -1;
      g = best;
      this.startAt = t0 + (this.kind === 'smoothed' ? 20 + 40 * this.r.next() : 0);
      this.moveFrom = { y: v.yaw, p: v.pitch };
      this.moveStart = this.startAt;
    }
    if (g) { gy = g.yaw; gp = g.pitch; rad = g.rad; }
    else if (v.awaitingReturn) { gy = v.centre.yaw; gp = v.centre.pitch; rad = v.returnAngle * 0.5; }
    else return;
    const errY = wrap(gy - v.yaw), errP = gp - v.pitch;
    const err = Math.hypot(errY, errP);
    if (this.kind === 'instant') {
      const ts = t0 + 1;
      if (err > 0.01) {
        out.push({ type: 'look', t: ts, dx: errY / this.dpc, dy: -errP / this.dpc, device: 'Mouse' });
      }
      if (g) this.shoot(v, out, ts + 0.5, t1);
      return;
    }
    // constant / smoothed: walk along the error at a speed each report
    if (this.t < t0) this.t = t0;
    let sentY = 0, sentP = 0;
    const peak = this.kind === 'constant' ? 0.72 : 0.6; // deg per ms
    while (this.t < t1) {
      const t = this.t;
      this.t += this.kind === 'constant' ? 1 : Math.max(0.2, 1 + 0.2 * gauss(this.r, this.g));
      if (t < this.startAt) continue;
      const ey = errY - sentY, ep = errP - sentP;
      const e = Math.hypot(ey, ep);
      if (e < 0.02) break;
      let speed = peak;
      if (this.kind === 'smoothed') {
        const total = Math.max(1, Math.hypot(wrap(gy - this.moveFrom.y), gp - this.moveFrom.p));
        const done = Math.max(0, total - e) / total;
        const ramp = Math.min(1, Math.min(done, 1 - done) / 0.25);
        speed = peak * (0.15 + 0.85 * ramp);
      }
      const step = Math.min(e, speed);
      let dy = (ey / e) * step, dp = (ep / e) * step;
      if (this.kind === 'smoothed') { dy += 0.03 * gauss(this.r, this.g); dp += 0.03 * gauss(this.r, this.g); }
      this.remY += dy / this.dpc;
      this.remP += dp / this.dpc;
      const cx = Math.trunc(this.remY), cy = Math.trunc(this.remP);
      if (cx === 0 && cy === 0) continue;
      this.remY -= cx; this.remP -= cy;
      sentY += cx * this.dpc; sentP += cy * this.dpc;
      out.push({ type: 'look', t: qt(t0, t), dx: cx, dy: -cy, device: 'Mouse' });
    }
    if (g && Math.hypot(errY - sentY, errP - sentP) < 0.6 * rad) this.shoot(v, out, Math.min(t1 - 1, Math.max(t0 + 0.5, this.t - 0.5)), t1);
    else if (this.fireDown && v.automatic) { out.push({ type: 'fire', t: qt(t0, t1 - 0.5), down: false }); this.fireDown = false; }
    out.sort((a, b) => a.t - b.t);
    void this.moveStart;
  }

  private shoot(v: View, out: InputEvent[], ts: number, t1: number): void {
    const t0 = v.t0;
    const t = qt(t0, Math.min(ts, t1 - 0.25));
    if (v.automatic) {
      if (!this.fireDown) { out.push({ type: 'fire', t, down: true }); this.fireDown = true; }
      return;
    }
    if (t < this.lastShot + v.fireIntervalMs) return;
    out.push({ type: 'fire', t, down: true });
    out.push({ type: 'fire', t: qt(t0, Math.min(t + 0.5, t1 - 0.0625)), down: false });
    this.lastShot = t;
  }
}

/**
 * Plays `drill` with a scripted bot of `opts.kind` (see BotKind) at sensitivity 1.
 * Deterministic for a seed. Throws like `simulateHumanRun`.
 */
export function simulateBotRun(drill: CatalogueDrill, opts: { seed: number; kind: BotKind }): SimulatedRun {
  const settings: EngineSettings = { sensitivity: 1, sensitivityY: null, invertY: false, inputDevice: 'Mouse' };
  return driveRun(drill, catalogueDrillConfig(drill), opts.seed >>> 0, settings, `bot:${opts.kind}`, new BotController(opts.kind, opts.seed, settings), null);
}
