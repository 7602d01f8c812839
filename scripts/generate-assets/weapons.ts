/**
 * The weapon models of drill field `weapon_type` (src/contracts/weaponModels.ts WEAPON_MODELS):
 * assets/meshes/weapon_{pistol,rifle,sniper}.glb, each in metres, right-handed, y up, barrel
 * along −z, the top of the grip at the origin (as the view holds it: src/game/effects/weaponView.ts).
 *
 * Each model is built from side profiles extruded across its width (`prismX`: the slide, frame,
 * grip, trigger guard, magazine, stock) and surfaces of revolution about the barrel's axis
 * (`latheZ`: barrels, muzzle brakes, the sniper's scope with its bells), grouped into nodes by
 * look: 'metal' (gunmetal), 'polymer' (black furniture), 'accent' (the sniper's tan stock, the
 * rifle's rail and magazine), 'lens' (the scope glass). Two nodes carry no mesh, only a
 * translation: 'muzzle' (where the flash and tracers start) and, where the model has iron
 * sights, 'sight' (the top of the front sight post: the view's sight dot, visual.sight_colour).
 * Sizes follow the common real weapons loosely (a full-size pistol ~0.2 m, a carbine ~0.85 m,
 * a bolt-action rifle ~1.1 m with a 50 mm scope), our own design.
 */
import type { Document, Material } from '@gltf-transform/core';
import { addNode, box, geo, merge, newDoc, type Geo } from './meshes';
import type { WeaponModel } from '../../src/contracts/weaponModels';

type P2 = readonly [number, number];

/** Twice the signed area of polygon `pts` (positive = counter-clockwise in its own axes). */
function area2(pts: readonly P2[]): number {
  let a = 0;
  for (let i = 0; i < pts.length; i++) {
    const [x0, y0] = pts[i], [x1, y1] = pts[(i + 1) % pts.length];
    a += x0 * y1 - x1 * y0;
  }
  return a;
}

/** Ear-clipping triangulation of simple polygon `pts` (no holes): index triples into `pts`.
 * Throws when the polygon is not simple (no ear found). */
export function triangulate(pts: readonly P2[]): number[] {
  const ccw = area2(pts) > 0;
  const idx = pts.map((_, i) => i);
  const out: number[] = [];
  const cross = (a: P2, b: P2, c: P2) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  const inside = (p: P2, a: P2, b: P2, c: P2) => {
    const d1 = cross(a, b, p), d2 = cross(b, c, p), d3 = cross(c, a, p);
    return ccw ? d1 >= 0 && d2 >= 0 && d3 >= 0 : d1 <= 0 && d2 <= 0 && d3 <= 0;
  };
  let guard = 0;
  while (idx.length > 3) {
    if (++guard > 10000) throw new Error('triangulate: polygon is not simple');
    let clipped = false;
    for (let k = 0; k < idx.length; k++) {
      const ia = idx[(k + idx.length - 1) % idx.length], ib = idx[k], ic = idx[(k + 1) % idx.length];
      const a = pts[ia], b = pts[ib], c = pts[ic];
      const turn = cross(a, b, c);
      if (Math.abs(turn) <= 1e-14) { idx.splice(k, 1); clipped = true; break; } // b is on a straight edge: drop it
      if (ccw ? turn < 0 : turn > 0) continue; // reflex
      if (idx.some((j) => j !== ia && j !== ib && j !== ic && inside(pts[j], a, b, c))) continue;
      out.push(ia, ib, ic);
      idx.splice(k, 1);
      clipped = true;
      break;
    }
    if (!clipped) throw new Error('triangulate: polygon is not simple');
  }
  out.push(idx[0], idx[1], idx[2]);
  return out;
}

/** Turns every triangle of `g` so that it faces the way its vertices' normals point
 * (counter-clockwise seen from outside, as glTF's front faces). */
function orient(g: Geo): Geo {
  for (let t = 0; t < g.i.length; t += 3) {
    const [a, b, c] = [g.i[t], g.i[t + 1], g.i[t + 2]];
    const ux = g.p[3 * b] - g.p[3 * a], uy = g.p[3 * b + 1] - g.p[3 * a + 1], uz = g.p[3 * b + 2] - g.p[3 * a + 2];
    const vx = g.p[3 * c] - g.p[3 * a], vy = g.p[3 * c + 1] - g.p[3 * a + 1], vz = g.p[3 * c + 2] - g.p[3 * a + 2];
    const fx = uy * vz - uz * vy, fy = uz * vx - ux * vz, fz = ux * vy - uy * vx;
    const nx = g.n[3 * a] + g.n[3 * b] + g.n[3 * c], ny = g.n[3 * a + 1] + g.n[3 * b + 1] + g.n[3 * c + 1], nz = g.n[3 * a + 2] + g.n[3 * b + 2] + g.n[3 * c + 2];
    if (fx * nx + fy * ny + fz * nz < 0) { g.i[t + 1] = c; g.i[t + 2] = b; }
  }
  return g;
}

/**
 * A side profile extruded across the width: polygon `profile` of [z, y] points (metres; the
 * side view, any winding, simple, no holes) from x = x0 to x = x1. Flat normals: the two
 * side caps (±x) and one quad per profile edge.
 */
export function prismX(profile: readonly P2[], x0: number, x1: number): Geo {
  const g = geo();
  const tri = triangulate(profile);
  for (const [x, nx] of [[x0, -1], [x1, 1]] as const) {
    const o = g.p.length / 3;
    for (const [z, y] of profile) { g.p.push(x, y, z); g.n.push(nx, 0, 0); }
    g.i.push(...tri.map((k) => k + o));
  }
  const ccw = area2(profile) > 0; // counter-clockwise in (z, y)
  for (let k = 0; k < profile.length; k++) {
    const [z0, y0] = profile[k], [z1, y1] = profile[(k + 1) % profile.length];
    const len = Math.hypot(z1 - z0, y1 - y0);
    if (len < 1e-9) continue;
    // outward normal of the edge in (z, y): right of the direction for a ccw polygon
    const s = ccw ? 1 : -1;
    const nz = (s * (y1 - y0)) / len, ny = (-s * (z1 - z0)) / len;
    const o = g.p.length / 3;
    g.p.push(x0, y0, z0, x1, y0, z0, x1, y1, z1, x0, y1, z1);
    for (let q = 0; q < 4; q++) g.n.push(0, ny, nz);
    g.i.push(o, o + 1, o + 2, o, o + 2, o + 3);
  }
  return orient(g);
}

/**
 * A surface of revolution about the line x = cx, y = cy along z: `profile` of [radius, z]
 * points in order (metres), `seg` segments around. Each profile segment is its own band with
 * the segment's normal (crisp steps, smooth around); the ends are capped where their radius > 0.
 */
export function latheZ(profile: readonly P2[], cx: number, cy: number, seg: number): Geo {
  const g = geo();
  for (let k = 0; k + 1 < profile.length; k++) {
    const [r0, z0] = profile[k], [r1, z1] = profile[k + 1];
    const dr = r1 - r0, dz = z1 - z0;
    const len = Math.hypot(dr, dz);
    if (len < 1e-9) continue;
    // normal in the (radial, z) plane, pointing away from the axis for a band going +z
    let nr = dz / len, nzz = -dr / len;
    if (dz < 0) { nr = -nr; nzz = -nzz; }
    if (Math.abs(dz) < 1e-12) { nr = 0; nzz = dr > 0 ? -1 : 1; } // a flat step faces along z
    const o = g.p.length / 3;
    for (let x = 0; x <= seg; x++) {
      const ph = (x / seg) * Math.PI * 2, c = Math.cos(ph), s = Math.sin(ph);
      g.p.push(cx + r0 * c, cy + r0 * s, z0, cx + r1 * c, cy + r1 * s, z1);
      g.n.push(nr * c, nr * s, nzz, nr * c, nr * s, nzz);
    }
    for (let x = 0; x < seg; x++) {
      const a = o + 2 * x;
      g.i.push(a, a + 2, a + 1, a + 1, a + 2, a + 3);
    }
  }
  const ends: Array<[P2, number]> = [[profile[0], -1], [profile[profile.length - 1], 1]];
  for (const [[r, z], nz] of ends) {
    if (r <= 0) continue;
    const c = g.p.length / 3;
    g.p.push(cx, cy, z); g.n.push(0, 0, nz);
    for (let x = 0; x <= seg; x++) {
      const ph = (x / seg) * Math.PI * 2;
      g.p.push(cx + r * Math.cos(ph), cy + r * Math.sin(ph), z); g.n.push(0, 0, nz);
    }
    for (let x = 0; x < seg; x++) g.i.push(c, c + 1 + x, c + 2 + x);
  }
  return orient(g);
}

/** A flat disc of radius r about (cx, cy) at z, facing +z (nz 1) or −z (nz −1). */
function disc(r: number, cx: number, cy: number, z: number, nz: 1 | -1, seg: number): Geo {
  const g = geo();
  g.p.push(cx, cy, z); g.n.push(0, 0, nz);
  for (let x = 0; x <= seg; x++) {
    const ph = (x / seg) * Math.PI * 2;
    g.p.push(cx + r * Math.cos(ph), cy + r * Math.sin(ph), z); g.n.push(0, 0, nz);
  }
  for (let x = 0; x < seg; x++) g.i.push(0, 1 + x, 2 + x);
  return orient(g);
}

/** `g` moved by (dx, dy, dz). */
function moved(g: Geo, dx: number, dy: number, dz: number): Geo {
  for (let i = 0; i < g.p.length; i += 3) { g.p[i] += dx; g.p[i + 1] += dy; g.p[i + 2] += dz; }
  return g;
}

/** `g` turned about the x axis by `a` radians (positions and normals; y toward −z for a > 0). */
function turnedX(g: Geo, a: number, cy = 0, cz = 0): Geo {
  const c = Math.cos(a), s = Math.sin(a);
  for (let i = 0; i < g.p.length; i += 3) {
    const y = g.p[i + 1] - cy, z = g.p[i + 2] - cz;
    g.p[i + 1] = cy + y * c - z * s; g.p[i + 2] = cz + y * s + z * c;
    const ny = g.n[i + 1], nz = g.n[i + 2];
    g.n[i + 1] = ny * c - nz * s; g.n[i + 2] = ny * s + nz * c;
  }
  return g;
}

/** A cylinder along x (a bolt handle's shaft), centre (y, z), radius r, from x0 to x1. */
function cylinderX(r: number, cy: number, cz: number, x0: number, x1: number, seg: number): Geo {
  // a lathe about z turned a quarter about y: (x, y, z) → (−z, y, x)
  const g = latheZ([[r, x0], [r, x1]], 0, 0, seg);
  for (let i = 0; i < g.p.length; i += 3) {
    const x = g.p[i], z = g.p[i + 2];
    g.p[i] = z; g.p[i + 2] = -x;
    const nx = g.n[i], nz = g.n[i + 2];
    g.n[i] = nz; g.n[i + 2] = -nx;
  }
  return orient(moved(g, 0, cy, cz));
}

/** Evenly spaced boxes along z: rail teeth, vent slots, serrations. */
function teeth(n: number, z0: number, pitch: number, len: number, x0: number, y0: number, x1: number, y1: number): Geo {
  const g = geo();
  for (let k = 0; k < n; k++) merge(g, box(x0, y0, z0 + k * pitch, x1, y1, z0 + k * pitch + len));
  return g;
}

/** The glTF materials of the looks (the view bakes its own colours per node name; these are
 * for other viewers of the files). */
function looks(doc: Document): Record<'metal' | 'polymer' | 'accent' | 'lens', Material> {
  return {
    metal: doc.createMaterial('metal').setBaseColorFactor([0.16, 0.17, 0.19, 1]).setMetallicFactor(0.8).setRoughnessFactor(0.4),
    polymer: doc.createMaterial('polymer').setBaseColorFactor([0.08, 0.08, 0.09, 1]).setMetallicFactor(0).setRoughnessFactor(0.8),
    accent: doc.createMaterial('accent').setBaseColorFactor([0.42, 0.36, 0.26, 1]).setMetallicFactor(0).setRoughnessFactor(0.7),
    lens: doc.createMaterial('lens').setBaseColorFactor([0.1, 0.2, 0.3, 1]).setMetallicFactor(0.2).setRoughnessFactor(0.05),
  };
}

/** Adds a node `name` with no mesh at `t` (metres): the muzzle or the sight. */
function addMarker(doc: Document, name: 'muzzle' | 'sight', t: [number, number, number]): void {
  const node = doc.createNode(name).setTranslation(t);
  doc.getRoot().getDefaultScene()!.addChild(node);
}

/** A full-size striker pistol: slide with serrations and a front sight post, polymer frame
 * with an accessory rail, trigger guard, trigger, raked grip with a magazine base. */
export function buildPistol(): Document {
  const doc = newDoc();
  const m = looks(doc);
  const w = 0.0145; // half the slide's width
  // slide: a chamfered side profile (muzzle at z = −0.165), ejection port cut as a lower deck
  const slide = prismX([[-0.165, 0.012], [-0.165, 0.036], [-0.158, 0.043], [0.03, 0.043], [0.036, 0.036], [0.036, 0.012]], -w, w);
  merge(slide, teeth(6, 0.0, 0.005, 0.0025, w - 0.0005, 0.016, w + 0.0012, 0.04)); // rear serrations (right)
  merge(slide, teeth(6, 0.0, 0.005, 0.0025, -w - 0.0012, 0.016, -w + 0.0005, 0.04)); // rear serrations (left)
  merge(slide, box(-0.0025, 0.043, -0.152, 0.0025, 0.052, -0.142)); // front sight post
  merge(slide, box(-0.009, 0.043, 0.018, -0.0035, 0.051, 0.03)); // rear sight, left
  merge(slide, box(0.0035, 0.043, 0.018, 0.009, 0.051, 0.03)); // rear sight, right
  merge(slide, latheZ([[0.0055, -0.168], [0.0055, -0.164]], 0, 0.027, 14)); // barrel crown
  // frame: dust cover with a rail under the slide, trigger guard as one outline, and the grip
  const frame = prismX([[-0.16, 0.012], [-0.16, 0.0], [-0.09, -0.006], [-0.012, -0.006], [0.012, 0.0], [0.04, 0.006], [0.04, 0.012]],
    -w + 0.0015, w - 0.0015);
  merge(frame, teeth(4, -0.15, 0.012, 0.006, -w + 0.0005, -0.006, w - 0.0005, -0.001)); // rail slots
  const grip = prismX([[-0.012, 0.0], [0.034, 0.004], [0.046, -0.02], [0.066, -0.118], [0.063, -0.126], [0.021, -0.126], [0.014, -0.116], [-0.006, -0.03]], -w, w);
  merge(frame, grip);
  // trigger guard: a U under the frame, open above (the trigger shows through)
  merge(frame, prismX([[-0.07, -0.004], [-0.066, -0.036], [-0.058, -0.043], [-0.006, -0.043], [-0.006, -0.037], [-0.055, -0.037],
    [-0.061, -0.032], [-0.064, -0.004]], -0.005, 0.005));
  addNode(doc, 'polymer', frame, m.polymer);
  // trigger and magazine base plate: gunmetal, with the slide
  const parts = prismX([[-0.048, -0.004], [-0.042, -0.004], [-0.039, -0.02], [-0.044, -0.03], [-0.047, -0.028], [-0.045, -0.018]], -0.003, 0.003);
  merge(parts, prismX([[0.018, -0.126], [0.066, -0.126], [0.068, -0.134], [0.016, -0.134]], -w - 0.001, w + 0.001));
  merge(slide, parts);
  addNode(doc, 'metal', slide, m.metal);
  addMarker(doc, 'muzzle', [0, 0.027, -0.17]);
  addMarker(doc, 'sight', [0, 0.052, -0.147]);
  return doc;
}

/** A carbine: upper receiver with a top rail and front / rear sights, free-float handguard
 * with vent slots, barrel with a muzzle brake, lower receiver, curved magazine, pistol grip and
 * an adjustable stock on its buffer tube. */
export function buildRifle(): Document {
  const doc = newDoc();
  const m = looks(doc);
  const w = 0.017;
  const metal = prismX([[-0.2, 0.0], [-0.2, 0.045], [0.05, 0.045], [0.06, 0.035], [0.06, 0.0]], -w, w); // upper receiver
  merge(metal, prismX([[-0.16, 0.0], [-0.16, -0.012], [-0.1, -0.02], [-0.04, -0.03], [0.04, -0.03], [0.06, -0.012], [0.06, 0.0]], -w + 0.002, w - 0.002)); // lower
  merge(metal, latheZ([[0.0075, -0.56], [0.0075, -0.2]], 0, 0.022, 14)); // barrel
  // muzzle brake: stepped, ported
  merge(metal, latheZ([[0.006, -0.635], [0.011, -0.632], [0.011, -0.6], [0.0095, -0.597], [0.0095, -0.59], [0.011, -0.587], [0.011, -0.565], [0.008, -0.56]], 0, 0.022, 14));
  merge(metal, box(-0.004, 0.045, -0.52, 0.004, 0.075, -0.505)); // front sight tower
  merge(metal, prismX([[-0.52, 0.075], [-0.513, 0.092], [-0.509, 0.092], [-0.505, 0.075]], -0.0015, 0.0015)); // its post
  merge(metal, prismX([[0.0, 0.055], [0.0, 0.082], [0.02, 0.082], [0.03, 0.055]], -0.011, 0.011)); // rear sight housing
  merge(metal, latheZ([[0.0022, 0.0], [0.0022, 0.02]], 0, 0.076, 8)); // its aperture ring (rear)
  merge(metal, cylinderX(0.004, 0.032, 0.035, w, w + 0.012, 8)); // charging / bolt catch knob
  addNode(doc, 'metal', metal, m.metal);
  const poly = prismX([[-0.48, 0.052], [-0.2, 0.052], [-0.2, -0.012], [-0.47, -0.012], [-0.48, -0.004]], -0.022, 0.022); // handguard
  merge(poly, prismX([[-0.015, -0.028], [0.025, -0.028], [0.06, -0.13], [0.04, -0.135], [0.008, -0.13], [-0.006, -0.06]], -0.013, 0.013)); // pistol grip
  merge(poly, prismX([[-0.075, -0.03], [-0.072, -0.06], [-0.065, -0.067], [-0.004, -0.067], [-0.004, -0.061], [-0.062, -0.061],
    [-0.067, -0.056], [-0.068, -0.03]], -0.006, 0.006)); // trigger guard
  merge(poly, prismX([[-0.046, -0.03], [-0.04, -0.03], [-0.037, -0.045], [-0.041, -0.056], [-0.045, -0.054], [-0.043, -0.044]], -0.003, 0.003)); // trigger
  merge(poly, latheZ([[0.0125, 0.06], [0.0125, 0.2]], 0, 0.02, 14)); // buffer tube
  merge(poly, prismX([[0.15, 0.042], [0.3, 0.038], [0.305, 0.028], [0.305, -0.07], [0.285, -0.075], [0.265, -0.008], [0.19, -0.002], [0.15, 0.004]], -0.017, 0.017)); // stock
  addNode(doc, 'polymer', poly, m.polymer);
  // top rail with cross slots, handguard vent slots, curved magazine
  const acc = box(-0.012, 0.045, -0.48, 0.012, 0.055, 0.05);
  merge(acc, teeth(30, -0.475, 0.0175, 0.009, -0.0125, 0.055, 0.0125, 0.061));
  for (const s of [-1, 1]) merge(acc, teeth(6, -0.45, 0.04, 0.022, s > 0 ? 0.022 : -0.0235, 0.01, s > 0 ? 0.0235 : -0.022, 0.03));
  const mag: P2[] = [];
  const magTop = -0.03, magFront = -0.14, magBack = -0.085;
  for (let k = 0; k <= 8; k++) { // front edge curving forward as it goes down
    const t = k / 8;
    mag.push([magFront - 0.045 * t * t, magTop - 0.2 * t]);
  }
  for (let k = 8; k >= 0; k--) {
    const t = k / 8;
    mag.push([magBack - 0.04 * t * t, magTop - 0.19 * t]);
  }
  merge(acc, prismX(mag, -0.012, 0.012));
  addNode(doc, 'accent', acc, m.accent);
  addMarker(doc, 'muzzle', [0, 0.022, -0.64]);
  addMarker(doc, 'sight', [0, 0.092, -0.511]);
  return doc;
}

/** A bolt-action sniper rifle: long fluted barrel with a brake, receiver with a bolt handle, a
 * 50 mm scope on two rings (objective bell, turrets, eyepiece, glass at both ends), tan
 * thumbhole-style stock with a cheek rest, short box magazine; no iron sights (the scope is the
 * sight: the view's scope overlay in ADS). */
export function buildSniper(): Document {
  const doc = newDoc();
  const m = looks(doc);
  const by = 0.02; // the bore's height
  const metal = latheZ([[0.014, -0.24], [0.014, -0.3], [0.0105, -0.34], [0.0095, -0.86]].map(([r, z]) => [r, z] as P2).reverse(), 0, by, 14); // barrel, tapering
  for (let k = 0; k < 6; k++) { // flutes: dark strips along the barrel
    const a = (k / 6) * Math.PI * 2;
    const strip = box(-0.0012, 0.0089, -0.8, 0.0012, 0.0102, -0.36);
    turnedZ(strip, a);
    merge(metal, moved(strip, 0, by, 0));
  }
  merge(metal, latheZ([[0.008, -0.96], [0.016, -0.955], [0.016, -0.93], [0.013, -0.926], [0.013, -0.915], [0.016, -0.911], [0.016, -0.88], [0.013, -0.875], [0.01, -0.86]], 0, by, 14)); // brake
  merge(metal, latheZ([[0.018, -0.24], [0.018, 0.09]], 0, by + 0.004, 14)); // round receiver
  merge(metal, cylinderX(0.004, by + 0.006, 0.05, 0.016, 0.06, 8)); // bolt handle
  merge(metal, moved(sphereish(0.0085), 0.064, by + 0.006, 0.05)); // bolt knob
  merge(metal, box(-0.012, 0.038, -0.17, 0.012, 0.046, 0.06)); // scope base rail
  for (const z of [-0.12, 0.02]) merge(metal, prismX([[z - 0.012, 0.044], [z - 0.012, 0.062], [z + 0.012, 0.062], [z + 0.012, 0.044]], -0.015, 0.015)); // rings' bases
  for (const z of [-0.12, 0.02]) merge(metal, latheZ([[0.0185, z - 0.011], [0.0185, z + 0.011]], 0, 0.085, 18)); // rings
  // the scope: objective bell, tube, turret saddle, ocular
  const scope: P2[] = [[0.027, -0.33], [0.028, -0.325], [0.028, -0.26], [0.016, -0.21], [0.016, -0.06], [0.019, -0.05], [0.019, -0.01],
    [0.016, 0.0], [0.016, 0.07], [0.021, 0.1], [0.022, 0.16], [0.02, 0.165]];
  merge(metal, latheZ(scope, 0, 0.085, 20));
  merge(metal, moved(turnedX(latheZ([[0.011, 0], [0.011, 0.024]], 0, 0, 14), -Math.PI / 2), 0, 0.101, -0.03)); // elevation turret
  merge(metal, moved(turnedY(latheZ([[0.01, 0], [0.01, 0.02]], 0, 0, 14), Math.PI / 2), 0.016, 0.085, -0.03)); // windage turret
  addNode(doc, 'metal', metal, m.metal);
  const lens = disc(0.0255, 0, 0.085, -0.3305, -1, 20); // objective
  merge(lens, disc(0.018, 0, 0.085, 0.1655, 1, 20)); // ocular, facing the eye
  addNode(doc, 'lens', lens, m.lens);
  // stock: fore-end under the barrel, grip, thumbhole stock with a cheek rest and butt pad
  const stock = prismX([
    [-0.56, 0.004], [-0.25, 0.006], [-0.05, 0.008], [0.06, 0.008], [0.1, 0.025], [0.16, 0.03], [0.36, 0.034], [0.4, 0.04],
    [0.41, 0.03], [0.41, -0.11], [0.38, -0.12], [0.18, -0.05], [0.12, -0.05], [0.09, -0.14], [0.06, -0.145], [0.03, -0.1],
    [0.012, -0.03], [-0.05, -0.028], [-0.5, -0.02], [-0.56, -0.012],
  ], -0.022, 0.022);
  merge(stock, prismX([[0.16, 0.03], [0.36, 0.034], [0.36, 0.062], [0.2, 0.058], [0.17, 0.04]], -0.016, 0.016)); // cheek rest
  addNode(doc, 'accent', stock, m.accent);
  const poly = prismX([[0.41, 0.042], [0.425, 0.042], [0.425, -0.118], [0.41, -0.112]], -0.023, 0.023); // butt pad
  merge(poly, box(-0.016, -0.075, -0.08, 0.016, -0.028, -0.02)); // magazine
  merge(poly, prismX([[-0.005, -0.028], [0.004, -0.028], [0.008, -0.045], [0.002, -0.052], [0.0, -0.044]], -0.003, 0.003)); // trigger
  merge(poly, prismX([[-0.02, -0.028], [-0.02, -0.06], [0.03, -0.065], [0.03, -0.058], [-0.012, -0.054], [-0.012, -0.028]], -0.008, 0.008)); // guard
  addNode(doc, 'polymer', poly, m.polymer);
  addMarker(doc, 'muzzle', [0, by, -0.965]);
  return doc;
}

/** `g` turned about the z axis by `a` radians. */
function turnedZ(g: Geo, a: number): Geo {
  const c = Math.cos(a), s = Math.sin(a);
  for (let i = 0; i < g.p.length; i += 3) {
    const x = g.p[i], y = g.p[i + 1];
    g.p[i] = x * c - y * s; g.p[i + 1] = x * s + y * c;
    const nx = g.n[i], ny = g.n[i + 1];
    g.n[i] = nx * c - ny * s; g.n[i + 1] = nx * s + ny * c;
  }
  return g;
}

/** `g` turned about the y axis by `a` radians (z toward x for a > 0). */
function turnedY(g: Geo, a: number): Geo {
  const c = Math.cos(a), s = Math.sin(a);
  for (let i = 0; i < g.p.length; i += 3) {
    const x = g.p[i], z = g.p[i + 2];
    g.p[i] = x * c + z * s; g.p[i + 2] = -x * s + z * c;
    const nx = g.n[i], nz = g.n[i + 2];
    g.n[i] = nx * c + nz * s; g.n[i + 2] = -nx * s + nz * c;
  }
  return orient(g);
}

/** A small ball of radius `r` at the origin (a bolt knob): a lathe of a half circle. */
function sphereish(r: number): Geo {
  const prof: P2[] = [];
  for (let k = 0; k <= 6; k++) { const a = (k / 6) * Math.PI; prof.push([r * Math.sin(a), -r * Math.cos(a)]); }
  return latheZ(prof, 0, 0, 10);
}

/** Every weapon model's builder (WEAPON_MODELS): the file is `weapon_{model}.glb`. */
export const WEAPON_BUILDERS: Readonly<Record<WeaponModel, () => Document>> = {
  pistol: buildPistol,
  rifle: buildRifle,
  sniper: buildSniper,
};
