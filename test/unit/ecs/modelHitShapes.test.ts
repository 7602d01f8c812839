/**
 * Issue 35 item 4: the hit shape of every target model is its drawn parts (src/ecs/targetModels.ts
 * TARGET_MODEL_SHAPES, shared with the mesh generator), tested through the kit with real shots:
 * the gaps between parts miss, the crit parts (heads) are crits, the bounding sphere alone is
 * never a hit; face-player targets turn their parts toward the eye as the view draws them.
 */
import { createDrillKit, kitDrill, TICK_MS, type EngineEvent, type Kit } from '../../../src/kit';
import { TARGET_MODEL_SHAPES, modelParts, rayPartsIn, compileModelParts, modelHasCritZone } from '../../../src/ecs/targetModels';

const CX = 0, CY = 1.6, CZ = -10;

/** A kit with one target of `model` (radius `size`, 1000 hit points: it never dies) at (CX, CY, CZ). */
function kitFor(model: string, size: number, over: Record<string, unknown> = {}, cfg: Record<string, unknown> = {}): Kit {
  return createDrillKit({
    drill: kitDrill({
      num_targets: 1, spawn_mode: 'Original', target_model: model, target_size: size, target_health: 1000,
      weapon_fire_rate: 20, config: { positions: [[CX, CY, CZ]], ...cfg }, ...over,
    }),
    seed: 7,
  });
}

/** One shot at the world point (x, y, z) (metres); answers 'miss', 'hit' or 'crit'. */
function shoot(kit: Kit, x: number, y: number, z: number): 'miss' | 'hit' | 'crit' {
  kit.at(kit.tick).aimAt({ x, y, z }).click(1);
  const ev = kit.step();
  kit.step(Math.ceil(60 / TICK_MS)); // past the 50 ms fire interval
  const shot = ev.find((e): e is Extract<EngineEvent, { type: 'hit' | 'miss' }> => e.type === 'hit' || e.type === 'miss');
  if (!shot) throw new Error('no shot resolved');
  return shot.type === 'miss' ? 'miss' : shot.crit ? 'crit' : 'hit';
}

/** Shoots at the target centre + (u, v) × r in the plane of the centre. */
const at = (kit: Kit, r: number) => (u: number, v: number) => shoot(kit, CX + u * r, CY + v * r, CZ);

describe('humanoid: head, torso, limbs; the gaps miss', () => {
  const H = TARGET_MODEL_SHAPES.humanoid;
  const r = 0.95; // a 1.8 m player
  it('is about a player\'s height at size 0.95 (1.7 to 1.9 m)', () => {
    const top = H.head.y + H.head.radius, bottom = H.legs.y0 - H.legs.radius;
    expect((top - bottom) * r).toBeGreaterThan(1.7);
    expect((top - bottom) * r).toBeLessThan(1.9);
  });

  it('head = crit; torso, arm, leg = hit; between arm and torso, beside the head and beside the legs = miss', () => {
    const kit = kitFor('humanoid', r);
    const s = at(kit, r);
    const gapX = (H.torso.radius + H.armX - H.arms.radius) / 2; // midway between torso and arm
    expect(s(0, H.head.y)).toBe('crit');
    expect(s(0, 0.2)).toBe('hit');
    expect(s(gapX, 0.2)).toBe('miss');
    expect(s(-gapX, 0.2)).toBe('miss');
    expect(s(H.armX, 0.1)).toBe('hit');
    expect(s(-H.armX, 0.1)).toBe('hit');
    expect(s(H.legX, -0.6)).toBe('hit');
    expect(s(H.head.radius + 0.06, H.head.y)).toBe('miss'); // beside the head
    expect(s(0.3, -0.6)).toBe('miss'); // beside the legs
    expect(s(0.65, 0)).toBe('miss'); // inside the bounding sphere, outside the figure
    expect(kit.counters()).toMatchObject({ shots: 10, hits: 5, crits: 1 });
  });

  it('face-player: a humanoid off to the side turns to the eye, so its gap is still a gap', () => {
    const kit = createDrillKit({
      drill: kitDrill({
        num_targets: 1, spawn_mode: 'Original', target_model: 'humanoid', target_size: r, target_health: 1000,
        target_face_player: true, weapon_fire_rate: 20, config: { positions: [[8, CY, -6]] },
      }),
      seed: 7,
    });
    const eye = kit.engine.eye;
    // the model's x axis, turned toward the eye (view: +z front faces the eye)
    const hx = eye.x - 8, hz = eye.z - -6, h = Math.hypot(hx, hz);
    const s = hx / h, c = hz / h; // local x -> world (c, 0, -s)
    const p = (u: number, v: number) => shoot(kit, 8 + u * r * c, CY + v * r, -6 - u * r * s);
    const gapX = (H.torso.radius + H.armX - H.arms.radius) / 2;
    expect(p(gapX, 0.2)).toBe('miss');
    expect(p(H.armX, 0.1)).toBe('hit');
    expect(p(0, H.head.y)).toBe('crit');
  });
});

describe('bot: a body and a visible head (the crit zone)', () => {
  const B = TARGET_MODEL_SHAPES.bot;
  it('head = crit, body = hit, beside the head and the body\'s corners = miss', () => {
    const r = 0.45;
    const kit = kitFor('bot', r);
    const s = at(kit, r);
    expect(s(0, B.head.y)).toBe('crit');
    expect(s(0, -0.2)).toBe('hit');
    expect(s(B.body.radius - 0.05, -0.2)).toBe('hit');
    expect(s(B.head.radius + 0.08, B.head.y)).toBe('miss');
    expect(s(0.6, -0.65)).toBe('miss');
    expect(kit.counters()).toMatchObject({ shots: 5, hits: 3, crits: 1 });
  });
});

describe('plate: a thin disc facing the player, no crit zone', () => {
  const D = TARGET_MODEL_SHAPES.plate.disc;
  it('the centre and the rim are hits, never crits; past the rim misses', () => {
    const r = 0.3;
    const kit = kitFor('plate', r);
    const s = at(kit, r);
    expect(s(0, 0)).toBe('hit');
    expect(s(D.radius - 0.05, 0)).toBe('hit');
    expect(s(0, -(D.radius - 0.05))).toBe('hit');
    expect(s(0.7, 0.7)).toBe('miss'); // 0.99 r from the centre: inside the sphere, past the disc
    expect(kit.counters()).toMatchObject({ hits: 3, crits: 0 });
  });

  it('seen edge-on it is thin; turned to the player (target_face_player) it is a full disc', () => {
    const r = 0.5;
    const pos = [10, 1.7, 3.5]; // beside the eye: the +z face is edge-on
    const make = (face: boolean) => createDrillKit({
      drill: kitDrill({
        num_targets: 1, spawn_mode: 'Original', target_model: 'plate', target_size: r, target_health: 1000,
        target_face_player: face, weapon_fire_rate: 20, config: { positions: [pos] },
      }),
      seed: 7,
    });
    const edge = make(false);
    const eye = edge.engine.eye;
    // a point 0.5 r off the centre, across the line of sight (horizontal)
    const vx = pos[0] - eye.x, vz = pos[2] - eye.z, L = Math.hypot(vx, vz);
    const off = { x: pos[0] - (vz / L) * 0.5 * r, y: pos[1], z: pos[2] + (vx / L) * 0.5 * r };
    expect(shoot(edge, off.x, off.y, off.z)).toBe('miss');
    const faced = make(true);
    expect(shoot(faced, off.x, off.y, off.z)).toBe('hit');
  });
});

describe('sphere: the whole sphere; crits only with a drawn core (config critCore)', () => {
  it('without critCore a centre hit is no crit; with it the core (critZone) is', () => {
    const r = 0.4;
    const plain = kitFor('sphere', r);
    expect(at(plain, r)(0, 0)).toBe('hit');
    expect(at(plain, r)(0.9, 0)).toBe('hit');
    const cored = kitFor('sphere', r, {}, { critCore: true, critZone: 0.3 });
    expect(at(cored, r)(0, 0)).toBe('crit');
    expect(at(cored, r)(0.2, 0)).toBe('crit');
    expect(at(cored, r)(0.45, 0)).toBe('hit');
    expect(modelHasCritZone('sphere', false)).toBe(false);
    expect(modelHasCritZone('sphere', true)).toBe(true);
    expect(modelHasCritZone('humanoid', false)).toBe(true);
    expect(modelHasCritZone('bot', false)).toBe(true);
    expect(modelHasCritZone('plate', false)).toBe(false);
  });
});

describe('the part table', () => {
  it('every part of every model lies inside the unit sphere (the bounding sphere is a safe first reject)', () => {
    for (const model of ['sphere', 'humanoid', 'plate', 'bot']) {
      for (const p of modelParts(model)) {
        for (const y of [p.y0, p.y1]) {
          const far = Math.hypot(p.x, y, p.z) + p.radius; // the far side of the end sphere
          expect(p.kind === 2 ? Math.hypot(p.radius, p.halfDepth) : far).toBeLessThanOrEqual(1 + 1e-9);
        }
      }
    }
    expect(() => modelParts('teapot')).toThrow(RangeError);
  });

  it('rayPartsIn: the entry distance of a straight-on ray, any direction length', () => {
    const out = new Float64Array(2);
    const bot = compileModelParts('bot');
    rayPartsIn(bot, 0, 0.7, 5, 0, 0, -1, out); // into the head from +z
    expect(out[0]).toBeCloseTo(5 - 0.24, 12);
    expect(out[1]).toBe(1);
    rayPartsIn(bot, 0, 0.7, 5, 0, 0, -2, out); // half the t for a doubled direction
    expect(out[0]).toBeCloseTo((5 - 0.24) / 2, 12);
    rayPartsIn(bot, 0, -0.2, 5, 0, 0, -1, out); // the body capsule's side
    expect(out[0]).toBeCloseTo(5 - 0.4, 12);
    expect(out[1]).toBe(0);
    rayPartsIn(bot, 0, 5, 0, 0, -1, 0, out); // straight down the axis: the head's top
    expect(out[0]).toBeCloseTo(5 - 0.94, 12);
    rayPartsIn(compileModelParts('plate'), 0, 0, 5, 0, 0, -1, out);
    expect(out[0]).toBeCloseTo(5 - 0.05, 12);
    rayPartsIn(compileModelParts('plate'), 5, 0, 0, -1, 0, 0, out); // edge-on at the centre height: the rim
    expect(out[0]).toBeCloseTo(5 - 0.95, 12);
  });
});
