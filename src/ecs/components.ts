/**
 * ECS components of the drill engine, as structure-of-arrays typed arrays indexed by entity id
 * (bitecs 0.4: a component is any object; `addComponent(world, eid, C)` only tags membership).
 * Stores are per world (several engines may run side by side: tests, replays), created by
 * `createComponents`. Every spawn writes every field, because bitecs reuses entity ids at once.
 * Float64Array where exact values matter (positions, times), so runs are bit-identical.
 * Units: metres, metres/second, ms.
 */

/** Target state values in `Target.state` (the lifecycle lives in this field, not in tags, so a
 * kill or respawn is no structural change: see world.ts `qTargets`). */
export const TargetState = {
  /** slot unused */
  None: 0,
  /** alive: can be hit, moves, ages */
  Alive: 1,
  /** removed, despawn animation running (view only) */
  Despawning: 2,
} as const;

/** `TargetState` values as plain module constants (hot loops compare against these; a module
 * constant is inlined by every bundler, an object property may not be). */
export const ST_NONE = 0;
/** = TargetState.Alive */
export const ST_ALIVE = 1;
/** = TargetState.Despawning */
export const ST_DESPAWNING = 2;

/** Removal reasons as stored in `Despawn.reason` (index into REMOVAL_REASONS). */
export const REMOVAL_REASONS = ['playerKilled', 'playerKilledCrit', 'timedOut', 'missed', 'gameOver', 'decoyHit'] as const;

/** Creates the component stores with room for `capacity` entity ids (ids 0..capacity-1). */
export function createComponents(capacity: number) {
  const f64 = () => new Float64Array(capacity);
  return {
    capacity,
    /** position now (x,y,z) and at the end of the previous tick (px,py,pz), metres */
    Transform: { x: f64(), y: f64(), z: f64(), px: f64(), py: f64(), pz: f64() },
    /** velocity, metres/second */
    Velocity: { x: f64(), y: f64(), z: f64() },
    /** index: spawn number (0-based, the `target` of events/bullets); radius in metres;
     * spawnMs: round time the target appeared; state: TargetState; shotsLeft: remaining shots
     * (shots_per_target; -1 unlimited) */
    Target: {
      index: new Int32Array(capacity),
      radius: f64(),
      spawnMs: f64(),
      state: new Uint8Array(capacity),
      shotsLeft: new Int32Array(capacity),
    },
    /** hit points now and at spawn */
    Health: { hp: f64(), max: f64() },
    /** expiry round time in ms (Infinity = lives until killed) and total lifetime ms */
    Lifetime: { expireMs: f64(), totalMs: f64() },
    /** 1 = priority target */
    Priority: { is: new Uint8Array(capacity) },
    /** removal: round time ms, reason (index into REMOVAL_REASONS), animation length ms,
     * colour index (despawnAnimation.ts DESPAWN_COLOUR_INDEX_*), sparks 1 = exploding kill */
    Despawn: {
      atMs: f64(), reason: new Uint8Array(capacity), durationMs: f64(), colour: new Uint8Array(capacity),
      sparks: new Uint8Array(capacity),
    },
    /** tagging (spec section 4): 1 after a hit, decays by TAG_DECAY_PER_S per second to 0 */
    Tag: { value: f64() },
    /** growth: radius at spawn (r0) and at the end of the lifetime (r1), metres; equal when the
     * target does not grow */
    Grow: { r0: f64(), r1: f64() },
    /** 'circle' movement: orbit centre (metres), phase (radians), angular speed (rad/s, signed),
     * orbit radius (metres) */
    Orbit: { cx: f64(), cy: f64(), cz: f64(), phase: f64(), omega: f64(), radius: f64() },
    /** movement rules of motionRules.ts: nextMs = round time of the next direction change
     * ('reactive', 'strafe'; Infinity otherwise), baseY = the height a 'strafe' target stands
     * and lands at, metres; launch = the launch speed of a 'bounce' target, m/s */
    Motion: { nextMs: f64(), baseY: f64(), launch: f64() },
    /** 1 = a decoy (a target that must not be shot; decoys.ts) */
    Decoy: { is: new Uint8Array(capacity) },
  };
}

/** The component stores of one world. */
export type Components = ReturnType<typeof createComponents>;

/** Grows every store to at least `needed` ids, copying the data (rare: only when more
 * entities are alive at once than were planned for). Mutates `c` in place so component
 * references held by bitecs stay valid. */
export function growComponents(c: Components, needed: number): void {
  if (needed <= c.capacity) return;
  let cap = c.capacity;
  while (cap < needed) cap *= 2;
  const grow = (store: Record<string, unknown>) => {
    for (const k of Object.keys(store)) {
      const a = store[k] as Float64Array | Int32Array | Uint8Array;
      const Ctor = a.constructor as { new (n: number): typeof a };
      const b = new Ctor(cap);
      b.set(a);
      store[k] = b;
    }
  };
  grow(c.Transform); grow(c.Velocity); grow(c.Target); grow(c.Health); grow(c.Lifetime);
  grow(c.Priority); grow(c.Despawn); grow(c.Tag); grow(c.Grow); grow(c.Orbit); grow(c.Motion); grow(c.Decoy);
  (c as { capacity: number }).capacity = cap;
}
