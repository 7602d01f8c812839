/**
 * The synthetic human's aim point on drills where crits matter (src/sim/humanModel.ts
 * `critAimPart`, src/drill/critRules.ts `critMatters`): the crit zone it aims at is where the
 * engine scores crits (real shots through the kit), a crit drill's run lands mostly crits for a
 * skilled player and fewer for a novice (on moving heads too: the crit share rises with the
 * preset), and a drill where crits do not matter is played exactly
 * as with the centre aim (the model before the crit aim; a crit aim there would differ).
 */
import { createDrillKit, kitDrill, TICK_MS, type EngineEvent, type Kit } from '../../../src/kit';
import { DRILL_CATALOGUE } from '../../../src/drill/catalogue';
import type { CatalogueDrill } from '../../../src/drill/catalogue';
import { TARGET_MODELS, type DrillConfig } from '../../../src/contracts/drillConfig';
import { modelParts } from '../../../src/ecs/targetModels';
import { critAimPart, simulateHumanRun, HUMAN_PRESETS, type SimulatedRun } from '../../../src/sim/humanModel';
import { verifyReplay } from '../../../src/server/replay';
import type { StoredDrill } from '../../../src/server/drills';

const drill = (id: number, ms: number): CatalogueDrill => {
  const d = DRILL_CATALOGUE.find((x) => Number(x.id) === id);
  if (!d) throw new Error(`no drill ${id}`);
  return { ...d, duration: ms } as CatalogueDrill;
};
/** crits / hits of a run (crit_hit is crits / shots in %, 2 decimals) */
const critShare = (r: SimulatedRun): number => {
  const crits = Math.round((r.metrics.crit_hit * r.gameData.shots) / 100);
  return r.gameData.hits > 0 ? crits / r.gameData.hits : 0;
};

const CX = 0, CY = 1.6, CZ = -10;

/** A kit with one never-dying target of `fields`' model at (CX, CY, CZ), and its drill. */
function kitFor(fields: Record<string, unknown>, cfg: Record<string, unknown> = {}): [Kit, DrillConfig] {
  const drill = kitDrill({
    num_targets: 1, spawn_mode: 'Original', target_health: 1000, weapon_fire_rate: 20,
    config: { positions: [[CX, CY, CZ]], ...cfg }, ...fields,
  });
  return [createDrillKit({ drill, seed: 7 }), drill];
}

/** One shot at the world point; 'miss', 'hit' or 'crit'. */
function shoot(kit: Kit, x: number, y: number, z: number): 'miss' | 'hit' | 'crit' {
  kit.at(kit.tick).aimAt({ x, y, z }).click(1);
  const ev = kit.step();
  kit.step(Math.ceil(60 / TICK_MS));
  const shot = ev.find((e): e is Extract<EngineEvent, { type: 'hit' | 'miss' }> => e.type === 'hit' || e.type === 'miss');
  if (!shot) throw new Error('no shot resolved');
  return shot.type === 'miss' ? 'miss' : shot.crit ? 'crit' : 'hit';
}

describe('critAimPart: the zone the human aims at is where the engine scores crits', () => {
  const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['humanoid', { target_model: 'humanoid', target_size: 0.95 }, {}],
    ['bot', { target_model: 'bot', target_size: 0.45 }, {}],
    ['humanoid stretched (scale y 1.4, x 0.8)', { target_model: 'humanoid', target_size: 0.6, target_scale_y: 1.4, target_scale_x: 0.8 }, {}],
    ['sphere with a drawn core', { target_model: 'sphere', target_size: 0.4 }, { critCore: true, critZone: 0.3 }],
  ];
  for (const [name, fields, cfg] of cases) {
    it(`${name}: its centre and its edge (0.9 of its radius, up and sideways) are crits; just past its side is not`, () => {
      const [kit, config] = kitFor(fields, cfg);
      const a = critAimPart(config)!;
      expect(a).not.toBeNull();
      let r = 0;
      kit.engine.forEachTarget((t) => { r = t.radius; });
      expect(r).toBeGreaterThan(0);
      const y = CY + a.yR * r;
      expect(shoot(kit, CX, y, CZ)).toBe('crit');
      expect(shoot(kit, CX, y + 0.9 * a.radR * r, CZ)).toBe('crit');
      expect(shoot(kit, CX + 0.9 * a.radR * r, y, CZ)).toBe('crit');
      // radR is the zone's smallest half-extent (x on the stretched humanoid): just past it sideways
      expect(shoot(kit, CX + 1.15 * a.radR * r, y, CZ)).not.toBe('crit');
    });
  }

  it('a plate and a sphere without a drawn core have no crit zone; every crit part lies on the model axis', () => {
    expect(critAimPart(kitDrill({ target_model: 'plate' }))).toBeNull();
    expect(critAimPart(kitDrill({ target_model: 'sphere' }))).toBeNull();
    for (const m of TARGET_MODELS) for (const p of modelParts(m).filter((q) => q.crit)) expect([m, p.x, p.z]).toEqual([m, 0, 0]);
  });
});

describe('crit drills: the human aims at the head', () => {
  it('drill 263 (static humanoids, crit % scored): skilled > 50 % of hits are head shots, novice fewer; the centre aim almost none', () => {
    const d = drill(263, 20000);
    const skilled = simulateHumanRun(d, { seed: 101, skill: HUMAN_PRESETS.skilled });
    const novice = simulateHumanRun(d, { seed: 101, skill: HUMAN_PRESETS.novice });
    const centre = simulateHumanRun(d, { seed: 101, skill: HUMAN_PRESETS.skilled, aim: 'centre' });
    expect([skilled.aimPoint, novice.aimPoint, centre.aimPoint]).toEqual(['crit', 'crit', 'centre']);
    expect(skilled.gameData.hits).toBeGreaterThan(10);
    expect(critShare(skilled)).toBeGreaterThan(0.5);
    expect(critShare(skilled)).toBeLessThanOrEqual(1);
    expect(critShare(novice)).toBeLessThan(critShare(skilled));
    expect(critShare(centre)).toBeLessThan(0.2);
    // the noise still lands some shots off the head: not every hit of a novice is a crit
    expect(critShare(novice)).toBeLessThan(1);
  });

  it('drill 140 (bots, multiplier 2): skilled > 50 % head shots, more than the novice', () => {
    const d = drill(140, 20000);
    const skilled = simulateHumanRun(d, { seed: 202, skill: HUMAN_PRESETS.skilled });
    const novice = simulateHumanRun(d, { seed: 202, skill: HUMAN_PRESETS.novice });
    expect(critShare(skilled)).toBeGreaterThan(0.5);
    expect(critShare(novice)).toBeLessThan(critShare(skilled));
  });

  it('drill 267 (strafing humanoid, automatic rifle): the player tracks the head and lands head shots', () => {
    const r = simulateHumanRun(drill(267, 20000), { seed: 101, skill: HUMAN_PRESETS.skilled });
    expect(r.aimPoint).toBe('crit');
    expect(r.metrics.crit_hit).toBeGreaterThan(5);
  });

  it('a crit-aimed run is deterministic and its replay verifies on the server re-simulation', () => {
    const d = drill(263, 6000);
    const a = simulateHumanRun(d, { seed: 9, skill: HUMAN_PRESETS.average });
    expect(simulateHumanRun(d, { seed: 9, skill: HUMAN_PRESETS.average }).log).toEqual(a.log);
    const { category, ...fields } = d as unknown as Record<string, unknown>;
    const stored: StoredDrill = { id: Number(d.id), category: category as StoredDrill['category'], fields };
    const v = verifyReplay(stored, a.gameData, a.replay);
    expect(v.verified).toBe(true);
    expect(v.finalHashEqual).toBe(true);
  });
});

describe('moving heads (semi-automatic weapon): the crit share rises with skill', () => {
  // crit_hit is crits / shots (%); pooled over the seeds: crits / shots of all the runs
  const pooledCrit = (runs: SimulatedRun[]): number => {
    const shots = runs.reduce((n, r) => n + r.gameData.shots, 0);
    return shots > 0 ? runs.reduce((n, r) => n + (r.metrics.crit_hit * r.gameData.shots) / 100, 0) / shots : 0;
  };
  const presets = ['novice', 'average', 'skilled', 'elite'] as const;
  const sweep = (id: number, ms: number, seeds: number[]): number[] =>
    presets.map((p) => pooledCrit(seeds.map((seed) => simulateHumanRun(drill(id, ms), { seed, skill: HUMAN_PRESETS[p] }))));

  it('drill 264 (strafing humanoids, pistol): novice < average < skilled < elite, the elite at least 40 points above the novice', () => {
    // before the click timing (crossingClick) every preset landed 0-4 % crits here
    const c = sweep(264, 30000, [101, 202]);
    for (let i = 1; i < c.length; i++) expect(c[i]).toBeGreaterThan(c[i - 1]);
    expect(c[0]).toBeLessThan(0.2);
    expect(c[3]).toBeGreaterThan(0.6);
    expect(c[3] - c[0]).toBeGreaterThan(0.4);
  });

  it('drill 265 (strafing, jumping humanoids): the elite lands clearly more head shots than the average, the average more than the novice', () => {
    const c = sweep(265, 60000, [101, 202]);
    expect(c[1]).toBeGreaterThan(c[0]);
    expect(c[3]).toBeGreaterThan(c[1] + 0.1);
    expect(c[3]).toBeGreaterThan(0.3);
  });

  it('is seeded: the same seed and preset give the same log on a moving-head drill', () => {
    const a = simulateHumanRun(drill(264, 5000), { seed: 33, skill: HUMAN_PRESETS.elite });
    const b = simulateHumanRun(drill(264, 5000), { seed: 33, skill: HUMAN_PRESETS.elite });
    expect(b.log).toEqual(a.log);
    expect(b.metrics).toEqual(a.metrics);
  });
});

describe('drills where crits do not matter: played exactly as with the centre aim', () => {
  // 134: spheres; 224: humanoids (a head to aim at) but accuracy scored and multiplier 1
  for (const id of [134, 224]) {
    it(`drill ${id}`, () => {
      const d = drill(id, 8000);
      const auto = simulateHumanRun(d, { seed: 5, skill: HUMAN_PRESETS.skilled });
      const centre = simulateHumanRun(d, { seed: 5, skill: HUMAN_PRESETS.skilled, aim: 'centre' });
      expect(auto.aimPoint).toBe('centre');
      expect(auto.log).toEqual(centre.log);
      expect(auto.replay.final_hash).toBe(centre.replay.final_hash);
      expect(auto.metrics).toEqual(centre.metrics);
      if (id === 224) {
        // the humanoid has a head: forcing the crit aim changes the run
        const crit = simulateHumanRun(d, { seed: 5, skill: HUMAN_PRESETS.skilled, aim: 'crit' });
        expect(crit.aimPoint).toBe('crit');
        expect(crit.replay.input_log_b64).not.toBe(auto.replay.input_log_b64);
      }
    });
  }
});
