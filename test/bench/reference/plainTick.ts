/**
 * The fixed denominator of the `tick` benchmark (shared/reference/benchmarks.md): the drill
 * rules the ECS pipeline runs (src/ecs/pipeline.ts), written the plain way: one JS object per
 * target in an array, new objects on spawn, dead ones filtered out. Self-contained on purpose
 * (its own sfc32 PRNG, its own spatial hash): it must not change when the engine changes, so a
 * ratio measured today is comparable with one measured later.
 *
 * Rules per tick k (window [k·T, (k+1)·T), T = 15.625 ms), in the pipeline's order:
 *  1. input: look events turn the aim (deg/count), a fire press queues a shot with the aim at
 *     its moment when the fire-rate interval allows;
 *  2. shooting: each shot is a ray from the eye; the nearest live sphere hit (not expired at
 *     the shot time) takes 1 damage; at 0 hp it is killed and its slot refilled after `refillMs`;
 *  3. lifetime: live targets whose expiry is within the tick are removed (timed out, refilled);
 *  4. movement: previous position saved, position += velocity·T, bounced inside the area;
 *  5. despawn: removed targets are dropped once their despawn animation has ended;
 *  6. spawn: due refills are placed at random on the wall rectangle, 32 attempts, keeping
 *     0.1 m clearance from live targets (a hash grid from 48 live targets on, rebuilt per pass);
 *  7. counters: total time.
 */

const TICK_MS = 1000 / 64;
const DT = TICK_MS / 1000;
const MARGIN = 0.1;
const ATTEMPTS = 32;
const GRID_MIN = 48;

/** One target, the plain way. */
export interface PlainTarget {
  index: number;
  x: number; y: number; z: number;
  px: number; py: number; pz: number;
  vx: number; vy: number; vz: number;
  radius: number;
  hp: number;
  spawnMs: number;
  expireMs: number;
  removedAtMs: number;
  reason: string;
}

/** Input event of the reference (same shape as the engine's). */
export type PlainEvent =
  | { type: 'look'; t: number; dx: number; dy: number }
  | { type: 'fire'; t: number; down: boolean };

/** What the reference needs of the drill and its area (the benchmark passes the ECS world's). */
export interface PlainConfig {
  seed: number;
  numTargets: number;
  radius: number;
  health: number;
  speed: number;
  moving: boolean;
  lifetimeMs: number;
  refillMs: number;
  despawnMs: number;
  fireRate: number;
  degPerCountX: number;
  degPerCountY: number;
  eye: { x: number; y: number; z: number };
  area: { minX: number; maxX: number; minY: number; maxY: number; minZ: number; maxZ: number; cz: number };
}

function sfc32(seed: number): () => number {
  let x = seed >>> 0;
  const sm = () => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = sm(), b = sm(), c = sm(), d = sm() | 1;
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = (b ^ (b >>> 9)) >>> 0;
    b = (c + (c << 3)) >>> 0;
    c = ((((c << 21) | (c >>> 11)) >>> 0) + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

function bounce(t: PlainTarget, axis: 'x' | 'y' | 'z', lo: number, hi: number): void {
  const v = (axis === 'x' ? 'vx' : axis === 'y' ? 'vy' : 'vz') as 'vx' | 'vy' | 'vz';
  let p = t[axis];
  if (p >= lo && p <= hi) return;
  if (hi <= lo) { t[axis] = lo; t[v] = 0; return; }
  for (let k = 0; k < 8; k++) {
    if (p < lo) { p = 2 * lo - p; t[v] = -t[v]; } else if (p > hi) { p = 2 * hi - p; t[v] = -t[v]; } else break;
  }
  t[axis] = p < lo ? lo : p > hi ? hi : p;
}

/** The reference world: plain objects, plain arrays, a Map hash grid. */
export class PlainWorld {
  tick = 0;
  yaw = 0;
  pitch = 0;
  live: PlainTarget[] = [];
  dying: PlainTarget[] = [];
  pending: number[] = [];
  counters = { shots: 0, hits: 0, kills: 0, spawns: 0, timeouts: 0, totalTime: 0 };
  private nextShotMs = 0;
  private fireHeld = false;
  private spawned = 0;
  private readonly rnd: () => number;
  private grid: Map<number, PlainTarget[]> | null = null;
  private readonly cell: number;

  constructor(readonly cfg: PlainConfig) {
    this.rnd = sfc32(cfg.seed);
    this.cell = 2 * cfg.radius + MARGIN;
    for (let i = 0; i < cfg.numTargets; i++) this.pending.push(0);
  }

  private key(ix: number, iy: number, iz: number): number {
    return (Math.imul(ix, 73856093) ^ Math.imul(iy, 19349663) ^ Math.imul(iz, 83492791)) | 0;
  }

  private gridAdd(t: PlainTarget): void {
    if (!this.grid) return;
    const inv = 1 / this.cell;
    const k = this.key(Math.floor(t.x * inv), Math.floor(t.y * inv), Math.floor(t.z * inv));
    const list = this.grid.get(k);
    if (list) list.push(t); else this.grid.set(k, [t]);
  }

  private isFree(x: number, y: number, z: number): boolean {
    const r = this.cfg.radius;
    if (this.live.length < GRID_MIN) {
      for (const t of this.live) {
        const dx = t.x - x, dy = t.y - y, dz = t.z - z, m = t.radius + r + MARGIN;
        if (dx * dx + dy * dy + dz * dz < m * m) return false;
      }
      return true;
    }
    if (!this.grid) {
      this.grid = new Map();
      for (const t of this.live) this.gridAdd(t);
    }
    const inv = 1 / this.cell;
    const cx = Math.floor(x * inv), cy = Math.floor(y * inv), cz = Math.floor(z * inv);
    for (let ix = cx - 1; ix <= cx + 1; ix++) {
      for (let iy = cy - 1; iy <= cy + 1; iy++) {
        for (let iz = cz - 1; iz <= cz + 1; iz++) {
          const list = this.grid.get(this.key(ix, iy, iz));
          if (!list) continue;
          for (const t of list) {
            const dx = t.x - x, dy = t.y - y, dz = t.z - z, m = t.radius + r + MARGIN;
            if (dx * dx + dy * dy + dz * dz < m * m) return false;
          }
        }
      }
    }
    return true;
  }

  private spawn(tMs: number): boolean {
    const a = this.cfg.area;
    for (let i = 0; i < ATTEMPTS; i++) {
      const x = a.minX + (a.maxX - a.minX) * this.rnd();
      const y = a.minY + (a.maxY - a.minY) * this.rnd();
      if (!this.isFree(x, y, a.cz)) continue;
      let vx = 0, vy = 0;
      if (this.cfg.moving && this.cfg.speed > 0) {
        const ang = 2 * Math.PI * this.rnd();
        vx = this.cfg.speed * Math.cos(ang);
        vy = a.minY < a.maxY ? this.cfg.speed * Math.sin(ang) : 0;
      }
      const t: PlainTarget = {
        index: this.spawned++, x, y, z: a.cz, px: x, py: y, pz: a.cz, vx, vy, vz: 0, radius: this.cfg.radius,
        hp: this.cfg.health, spawnMs: tMs, expireMs: tMs + this.cfg.lifetimeMs, removedAtMs: 0, reason: '',
      };
      this.live.push(t);
      this.gridAdd(t);
      this.counters.spawns++;
      return true;
    }
    return false;
  }

  private remove(t: PlainTarget, tMs: number, reason: string): void {
    t.removedAtMs = tMs;
    t.reason = reason;
    this.dying.push(t);
    this.pending.push(tMs + this.cfg.refillMs);
  }

  /** Runs one tick with its events (sorted by t, inside the tick's window). */
  step(events: readonly PlainEvent[]): void {
    const lo = this.tick * TICK_MS, end = lo + TICK_MS;
    const cfg = this.cfg;
    // 1. input -> shots with the aim at their moment
    const shots: { t: number; yaw: number; pitch: number }[] = [];
    for (const e of events) {
      if (e.type === 'look') {
        this.yaw += e.dx * cfg.degPerCountX;
        this.pitch = Math.max(-89, Math.min(89, this.pitch + e.dy * cfg.degPerCountY));
      } else if (e.down) {
        if (e.t >= this.nextShotMs) { shots.push({ t: e.t, yaw: this.yaw, pitch: this.pitch }); this.nextShotMs = e.t + 1000 / cfg.fireRate; }
        this.fireHeld = true;
      } else {
        this.fireHeld = false;
      }
    }
    // 2. shooting: nearest sphere along each ray
    const eye = cfg.eye;
    for (const s of shots) {
      const th = (s.yaw * Math.PI) / 180, ph = (s.pitch * Math.PI) / 180;
      const dx = Math.sin(th) * Math.cos(ph), dy = Math.sin(ph), dz = -Math.cos(th) * Math.cos(ph);
      let best: PlainTarget | null = null, bestT = Infinity;
      for (const t of this.live) {
        if (t.hp <= 0 || s.t >= t.expireMs) continue;
        const lx = t.x - eye.x, ly = t.y - eye.y, lz = t.z - eye.z;
        const tca = lx * dx + ly * dy + lz * dz;
        const d2 = lx * lx + ly * ly + lz * lz - tca * tca;
        if (d2 > t.radius * t.radius) continue;
        const thc = Math.sqrt(t.radius * t.radius - d2);
        let d = tca - thc;
        if (d < 0) { d = tca + thc; if (d < 0) continue; }
        if (d < bestT) { bestT = d; best = t; }
      }
      this.counters.shots++;
      if (best) {
        this.counters.hits++;
        best.hp -= 1;
        if (best.hp <= 0) { this.counters.kills++; this.remove(best, s.t, 'playerKilled'); }
      }
    }
    // 3. lifetime
    for (const t of this.live) {
      if (t.hp > 0 && t.removedAtMs === 0 && t.expireMs <= end) { t.hp = 0; this.counters.timeouts++; this.remove(t, t.expireMs, 'timedOut'); }
    }
    this.live = this.live.filter((t) => t.hp > 0);
    // 4. movement
    const a = cfg.area;
    for (const t of this.live) {
      t.px = t.x; t.py = t.y; t.pz = t.z;
      if (!cfg.moving) continue;
      t.x += t.vx * DT; t.y += t.vy * DT; t.z += t.vz * DT;
      bounce(t, 'x', a.minX, a.maxX);
      bounce(t, 'y', a.minY, a.maxY);
      bounce(t, 'z', a.minZ, a.maxZ);
    }
    // 5. despawn
    this.dying = this.dying.filter((t) => t.removedAtMs + cfg.despawnMs > end);
    // 6. spawn
    this.grid = null;
    const due = this.pending;
    this.pending = [];
    for (const p of due) {
      if (!(p <= end && this.spawn(end))) this.pending.push(p);
    }
    // 7. counters
    this.counters.totalTime = end;
    this.tick++;
  }
}
