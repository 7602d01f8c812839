/**
 * The compact binary encoding of a run's input log (issue 18 item 3): what
 * `replay.input_log_b64` of a performance submission carries (base64 of the bytes below), what
 * the client writes (src/game/submission.ts `buildReplay`) and what the server decodes for its
 * re-simulation (src/server/replay.ts). Pure TypeScript, no dependencies: it runs in the browser,
 * in Node and in the engine tests.
 *
 * EXACT: `decodeReplayLog(encodeReplayLog(log))` gives every event's type, `t`, `dx`, `dy`,
 * `device`, `down` and `mask` back bit for bit (float64 equality, -0 included), for ANY log of
 * finite or non-finite numbers. Only a look event's `rejected` raw values (mouse-skip filter) are
 * not kept: such an event has dx = dy = 0 and the engine never reads `rejected` (the same rule as
 * the older tuple format, contracts/performance.ts `encodeInputLog`).
 * COMPACT for what players produce: round times on the 1/16 ms grid (`quantizeEventTime`, which
 * the game's recorder applies) and whole mouse counts cost a few bits; anything else falls back to
 * raw float64 for that one value. Measured sizes: BENCHMARKS.md ("Replay size").
 *
 * Byte format, version 1:
 *   byte 0      0x52 ('R'), the magic
 *   byte 1      format version, 1
 *   LEB128      N, the number of events (unsigned, 7 bits a byte, low group first)
 *   bit stream  N events, most significant bit of each byte first; the last byte is padded with
 *               0 bits.
 * One event, in the bit stream:
 *   header   '0': the same shape as the previous event (the first event's "previous" shape is
 *                 0: a look event without device, all modes 0), or
 *            '1' then 8 bits of shape = code | timeRaw << 3 | xMode << 4 | yMode << 6
 *              code    3 bits: REPLAY_EVENT_CODES (0 look, 1 fire, 2 move, 3 ads, 4 look with
 *                      device 'Mouse', 5 look with device 'Cont'); 6 and 7 are invalid
 *              timeRaw 1 bit: 1 = the time is a raw float64 (64 bits, IEEE 754 big-endian)
 *              xMode, yMode 2 bits each (look: how dx / dy are stored; move: xMode 0 = the mask in
 *                      4 bits, 2 = the mask as a raw float64; fire / ads: 0):
 *                      0 = a whole number n: EG(zigzag(n)), value = n
 *                      1 = a multiple of the axis' scale s: EG(zigzag(n)), value = n * s
 *                      2 = raw float64 (64 bits)
 *                      3 = a new scale: s = raw float64 (64 bits), then EG(zigzag(n)), value = n * s
 *                      (each axis keeps its scale until the next mode 3; it starts as NaN)
 *   time     timeRaw 1: 64 bits of t. timeRaw 0: t = q / 16 exactly, with q an integer on the
 *            1/16 ms grid coded by its second difference: EG(zigzag(q - (qPrev + dPrev))), then
 *            dPrev = q - qPrev, qPrev = q (both start at 0; a raw time leaves them as they are)
 *   payload  look: dx then dy, as their modes say; fire / ads: 1 bit, 1 = down;
 *            move: 4 bits of mask (xMode 0) or 64 bits (xMode 2)
 * EG(u) is the order-0 Exp-Golomb code of an unsigned integer u < 2^52: k = floor(log2(u + 1))
 * zero bits, then u + 1 in k + 1 bits (0 -> '1', 1 -> '010', 2 -> '011', 3 -> '00100', ...).
 * zigzag(n) = 2n for n >= 0, -2n - 1 for n < 0. "Whole number" means an integer with
 * |n| <= 2^50 that is not -0 (a -0 goes raw, so it comes back as -0).
 * Mode 1/3 serve a mouse log rescaled after a mid-run sensitivity change (src/input/lookScale.ts:
 * value = raw counts x scale): the encoder picks a scale that reproduces the following values
 * bit-exactly (n * s === value), or stores the value raw.
 *
 * Typical cost: a 1 kHz mouse sample of whole counts with steady timing is 4 to 12 bits
 * (header 1, time 1-3, dx and dy 1-7 each); a fire / ads event 3 to 12 bits.
 */
import type { InputEvent } from './engine';
import { runToEnd, type Steps } from './slices';
import { REPLAY_TIME_STEPS_PER_MS } from './eventTime';
import { inputColumnEvent, type InputColumns } from './inputColumns';

/** The byte that starts every encoded log ('R'). */
export const REPLAY_CODEC_MAGIC = 0x52;
/** Version of the byte format above (byte 1 of an encoded log). */
export const REPLAY_CODEC_FORMAT = 1;
// the time grid lives in a module of its own: the game's recorder stamps events with it from
// the first-frame chunk, where the codec itself is not needed (issue 18 item 1)
export { quantizeEventTime, REPLAY_TIME_STEPS_PER_MS } from './eventTime';

const CODE_OF = { look: 0, fire: 1, move: 2, ads: 3 } as const;
const MAX_WHOLE = 2 ** 50;
const P24 = 0x1000000;
/** candidate divisors tried when a value needs a new scale (mode 3) */
const SCALE_DIVISORS = [1, 2, 3, 4];
/** look events searched ahead to choose a new scale */
const SCALE_LOOKAHEAD = 32;

const isWhole = (v: number): boolean => Number.isInteger(v) && Math.abs(v) <= MAX_WHOLE && !Object.is(v, -0);
const zigzag = (n: number): number => (n >= 0 ? 2 * n : -2 * n - 1);
// below 2^31 in integer arithmetic (the same values: z / 2 even, -(z + 1) / 2 odd; a double
// modulo is slow), above it as doubles
const unzigzag = (z: number): number =>
  z < 2147483648 ? ((z & 1) === 0 ? z >>> 1 : -((z >>> 1) + 1)) : z % 2 === 0 ? z / 2 : -(z + 1) / 2;

/** A growable MSB-first bit writer (values up to 2^53). */
class BitWriter {
  private buf: Uint8Array;
  private len = 0;
  private acc = 0;
  private accBits = 0;
  private readonly f64 = new DataView(new ArrayBuffer(8));

  constructor(initial: number) {
    this.buf = new Uint8Array(Math.max(16, initial));
  }

  private pushByte(b: number): void {
    if (this.len === this.buf.length) {
      const next = new Uint8Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.len++] = b;
  }

  /** Writes the low `n` bits of `v` (0 <= n <= 24). */
  bits(v: number, n: number): void {
    if (n === 0) return;
    this.acc = ((this.acc << n) | (v & ((1 << n) - 1))) >>> 0;
    this.accBits += n;
    while (this.accBits >= 8) {
      this.accBits -= 8;
      this.pushByte((this.acc >>> this.accBits) & 0xff);
    }
    this.acc &= (1 << this.accBits) - 1;
  }

  /** Writes `v` (0 <= v < 2^53) in `n` bits (n <= 53). */
  big(v: number, n: number): void {
    if (n > 24) {
      this.big(Math.floor(v / P24), n - 24);
      this.bits(v % P24, 24);
    } else this.bits(v, n);
  }

  /** Order-0 Exp-Golomb of `u` (0 <= u < 2^52). */
  eg(u: number): void {
    const v = u + 1;
    if (v < 0x1000) {
      // fast path: k zeros and v in k + 1 bits are one 2k + 1 <= 23 bit field
      const k = 31 - Math.clz32(v);
      this.bits(v, 2 * k + 1);
      return;
    }
    let k = 0;
    while (2 ** (k + 1) <= v) k++;
    this.big(0, k);
    this.big(v, k + 1);
  }

  f64bits(x: number): void {
    this.f64.setFloat64(0, x);
    this.bits(this.f64.getUint16(0), 16);
    this.bits(this.f64.getUint16(2), 16);
    this.bits(this.f64.getUint16(4), 16);
    this.bits(this.f64.getUint16(6), 16);
  }

  varint(v: number): void {
    // only used before the bit stream, byte aligned
    let x = v;
    while (x >= 128) {
      this.pushByte((x % 128) | 128);
      x = Math.floor(x / 128);
    }
    this.pushByte(x);
  }

  finish(): Uint8Array {
    if (this.accBits > 0) this.pushByte((this.acc << (8 - this.accBits)) & 0xff);
    this.accBits = 0;
    this.acc = 0;
    return this.buf.slice(0, this.len);
  }
}

/** MSB-first bit reader; throws RangeError past the end. `eg` and `bits` read a 32-bit window
 * at once while 32 bits are left (issue 38 item 4: the server decodes every replay; one bit at a
 * time cost most of the decoding); near the end they read bit by bit as before, so every value
 * and every error is the same. */
class BitReader {
  private pos = 0; // bit position
  private readonly total: number; // bits in buf
  private readonly f64 = new DataView(new ArrayBuffer(8));

  constructor(private readonly buf: Uint8Array, bytePos: number) {
    this.pos = bytePos * 8;
    this.total = buf.length * 8;
  }

  get bitsLeft(): number {
    return this.total - this.pos;
  }

  /** The 32 bits from the current position (unsigned); only while 32 bits are left. */
  private window(): number {
    const b = this.buf;
    const i = this.pos >>> 3;
    const off = this.pos & 7;
    const hi = ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;
    if (off === 0) return hi;
    // the fifth byte exists unless the window ends exactly at the data's end (then off === 0)
    return ((hi << off) | (b[i + 4] >>> (8 - off))) >>> 0;
  }

  /** Reads one bit. */
  bit(): number {
    if (this.pos >= this.total) throw new RangeError('replay log: unexpected end of data');
    const b = (this.buf[this.pos >>> 3] >>> (7 - (this.pos & 7))) & 1;
    this.pos++;
    return b;
  }

  /** Reads `n` bits (n <= 24). */
  bits(n: number): number {
    if (n === 0) return 0;
    if (this.pos + 32 <= this.total) {
      const v = this.window() >>> (32 - n);
      this.pos += n;
      return v;
    }
    if (this.pos + n > this.total) throw new RangeError('replay log: unexpected end of data');
    let v = 0;
    let left = n;
    while (left > 0) {
      const byte = this.buf[this.pos >>> 3];
      const off = this.pos & 7;
      const take = Math.min(8 - off, left);
      const chunk = (byte >>> (8 - off - take)) & ((1 << take) - 1);
      v = v * (1 << take) + chunk;
      left -= take;
      this.pos += take;
    }
    return v;
  }

  big(n: number): number {
    if (n > 24) {
      const hi = this.big(n - 24);
      return hi * P24 + this.bits(24);
    }
    return this.bits(n);
  }

  eg(): number {
    if (this.pos + 32 <= this.total) {
      // k zeros, a 1, k bits: the 2k+1 bits read as a number are 2^k + the bits
      const w = this.window();
      const k = Math.clz32(w);
      if (k <= 15) {
        const n = 2 * k + 1;
        this.pos += n;
        return (w >>> (32 - n)) - 1;
      }
    }
    let k = 0;
    while (this.bit() === 0) {
      k++;
      if (k > 52) throw new RangeError('replay log: Exp-Golomb code too long');
    }
    // the leading 1 was read: the value is 2^k + the next k bits
    return 2 ** k + this.big(k) - 1;
  }

  f64bits(): number {
    this.f64.setUint16(0, this.bits(16));
    this.f64.setUint16(2, this.bits(16));
    this.f64.setUint16(4, this.bits(16));
    this.f64.setUint16(6, this.bits(16));
    return this.f64.getFloat64(0);
  }
}

/** A scale s and multiplier n with n * s === v (exactly) for the look value `v` of `log[from]`,
 * chosen among v / SCALE_DIVISORS as the one that also reproduces most of the next
 * SCALE_LOOKAHEAD events' values on that axis; null when none reproduces any (then v is stored
 * raw). */
function chooseScale(log: readonly InputEvent[], from: number, axis: 'dx' | 'dy', v: number): { s: number; n: number } | null {
  let best: { s: number; n: number } | null = null;
  let bestScore = 0;
  for (const d of SCALE_DIVISORS) {
    for (const r of [d, -d]) {
      const s = v / r;
      if (!Number.isFinite(s) || s === 0 || !Object.is(r * s, v)) continue;
      // every following value on the axis counts, zeros too: the scale's sign decides whether
      // a 0 count comes out as 0 or -0
      let score = 0;
      const end = Math.min(log.length, from + 1 + SCALE_LOOKAHEAD);
      for (let j = from + 1; j < end; j++) {
        const e = log[j];
        if (e.type !== 'look') continue;
        const w = e[axis];
        const n = Math.round(w / s);
        if (isWhole(n) && Object.is(n * s, w)) score++;
      }
      if (score > bestScore) {
        bestScore = score;
        best = { s, n: r };
      }
    }
  }
  return best;
}

/**
 * Encodes an engine input log (contracts/engine.ts `InputEvent[]`, in log order) as the bytes of
 * the format in the module comment. Never throws for a well-typed log; the result decodes to the
 * same events (less `rejected`). Cost: linear in the log (a few ms for 60 000 events).
 */
export function encodeReplayLog(log: readonly InputEvent[]): Uint8Array {
  return runToEnd(encodeReplayLogSteps(log));
}

/** Events encoded between two pauses of `encodeReplayLogSteps`. */
export const ENCODE_EVENTS_PER_STEP = 4096;

/** `encodeReplayLog` in steps: pauses every ENCODE_EVENTS_PER_STEP events (contracts/slices.ts;
 * the end of a round runs it in slices). */
export function* encodeReplayLogSteps(log: readonly InputEvent[]): Steps<Uint8Array> {
  const out = new BitWriter(16 + log.length * 2);
  out.bits(REPLAY_CODEC_MAGIC, 8);
  out.bits(REPLAY_CODEC_FORMAT, 8);
  out.varint(log.length);
  let prevShape = 0;
  let qPrev = 0;
  let dPrev = 0;
  const scale = { dx: Number.NaN, dy: Number.NaN };
  const modes = [0, 0];
  const prevModes = [0, 0];
  const values = [0, 0];
  const newScale = [0, 0];
  for (let i = 0; i < log.length; i++) {
    if (i % ENCODE_EVENTS_PER_STEP === ENCODE_EVENTS_PER_STEP - 1) yield;
    const e = log[i];
    let code: number = CODE_OF[e.type];
    if (e.type === 'look') code = e.device === 'Mouse' ? 4 : e.device === 'Cont' ? 5 : 0;
    // time
    const q = e.t * REPLAY_TIME_STEPS_PER_MS;
    let timeRaw = 1;
    let dod = 0;
    if (isWhole(q) && !Object.is(e.t, -0)) {
      dod = q - (qPrev + dPrev);
      if (Math.abs(dod) <= MAX_WHOLE) timeRaw = 0;
    }
    modes[0] = 0; modes[1] = 0;
    if (e.type === 'look') {
      for (let k = 0; k < 2; k++) {
        const axis = k === 0 ? 'dx' : 'dy';
        const v = e[axis];
        values[k] = v;
        const s = scale[axis];
        // a whole value stays in mode 1 while the axis is scaled (0 between scaled values), so
        // the shape does not change; Object.is keeps the sign of a zero exact
        const scaled = Number.isFinite(s) && s !== 0 && (prevModes[k] === 1 || prevModes[k] === 3 || !isWhole(v));
        if (scaled) {
          const n = Math.round(v / s);
          if (isWhole(n) && Object.is(n * s, v)) { modes[k] = 1; values[k] = n; continue; }
        }
        if (isWhole(v)) continue;
        const c = Number.isFinite(v) && v !== 0 ? chooseScale(log, i, axis, v) : null;
        if (c) { modes[k] = 3; values[k] = c.n; newScale[k] = c.s; scale[axis] = c.s; continue; }
        modes[k] = 2;
      }
    } else if (e.type === 'move') {
      modes[0] = Number.isInteger(e.mask) && e.mask >= 0 && e.mask <= 15 && !Object.is(e.mask, -0) ? 0 : 2;
    }
    if (e.type === 'look') { prevModes[0] = modes[0]; prevModes[1] = modes[1]; }
    const shape = code | (timeRaw << 3) | (modes[0] << 4) | (modes[1] << 6);
    if (shape === prevShape) out.bits(0, 1);
    else {
      out.bits(1, 1);
      out.bits(shape, 8);
      prevShape = shape;
    }
    if (timeRaw) out.f64bits(e.t);
    else {
      out.eg(zigzag(dod));
      dPrev = q - qPrev;
      qPrev = q;
    }
    switch (e.type) {
      case 'look':
        for (let k = 0; k < 2; k++) {
          const m = modes[k];
          if (m === 2) out.f64bits(values[k]);
          else {
            if (m === 3) out.f64bits(newScale[k]);
            out.eg(zigzag(values[k]));
          }
        }
        break;
      case 'fire':
      case 'ads':
        out.bits(e.down ? 1 : 0, 1);
        break;
      case 'move':
        if (modes[0] === 0) out.bits(e.mask, 4);
        else out.f64bits(e.mask);
        break;
    }
  }
  return out.finish();
}

/**
 * A decoded input log in columns (`decodeReplayLogColumns`; the layout of
 * src/contracts/inputColumns.ts, which the engine's `stepColumns` reads as it is): event i is
 * `code[i]` (0 look without a device, 1 fire, 2 move, 3 ads, 4 look 'Mouse', 5 look 'Cont'), at
 * `t[i]` ms, with `a[i]` = a look's dx, a move's mask, a fire / ads event's down (1 / 0) and
 * `b[i]` = a look's dy. Typed arrays keep every value exactly (-0 included); no object per event.
 */
export interface ReplayLogColumns extends InputColumns {
  /** events */
  readonly length: number;
}

/**
 * Decodes bytes written by `encodeReplayLog` (format in the module comment) back into input
 * events. Throws RangeError for anything else: a wrong magic or format version, more than
 * `maxEvents` events (or more than the data could hold: an event takes at least 3 bits), an
 * invalid event code or shape, data that ends early.
 */
export function decodeReplayLog(bytes: Uint8Array, maxEvents = Number.MAX_SAFE_INTEGER): InputEvent[] {
  const cols = decodeReplayLogColumns(bytes, maxEvents);
  const out: InputEvent[] = new Array(cols.length);
  for (let i = 0; i < cols.length; i++) out[i] = replayLogEvent(cols, i);
  return out;
}

/** Event `i` of `cols` as the engine's InputEvent (a new object; the shape `decodeReplayLog`
 * gives: a look has `device` only when the log names one); inputColumns.ts `inputColumnEvent`. */
export function replayLogEvent(cols: ReplayLogColumns, i: number): InputEvent {
  return inputColumnEvent(cols, i);
}

/**
 * `decodeReplayLog` into columns (ReplayLogColumns): the same checks and RangeErrors in the
 * same order, the same values, no object per event (the server's re-simulation reads the log
 * through `createReplayLogCursor`).
 */
export function decodeReplayLogColumns(bytes: Uint8Array, maxEvents = Number.MAX_SAFE_INTEGER): ReplayLogColumns {
  if (bytes.length < 3 || bytes[0] !== REPLAY_CODEC_MAGIC) throw new RangeError('replay log: not an encoded input log');
  if (bytes[1] !== REPLAY_CODEC_FORMAT) throw new RangeError(`replay log: unknown format version ${bytes[1]}`);
  let pos = 2;
  let count = 0;
  let mul = 1;
  for (;;) {
    if (pos >= bytes.length || mul > 2 ** 49) throw new RangeError('replay log: bad event count');
    const b = bytes[pos++];
    count += (b & 127) * mul;
    mul *= 128;
    if (b < 128) break;
  }
  if (count > maxEvents) throw new RangeError(`replay log: ${count} events, more than the ${maxEvents} allowed`);
  const r = new BitReader(bytes, pos);
  if (count * 3 > r.bitsLeft) throw new RangeError(`replay log: ${count} events cannot fit in ${bytes.length} bytes`);
  const codes = new Uint8Array(count);
  const ts = new Float64Array(count);
  const as = new Float64Array(count);
  const bs = new Float64Array(count);
  let shape = 0;
  let qPrev = 0;
  let dPrev = 0;
  let scaleX = Number.NaN, scaleY = Number.NaN;
  for (let i = 0; i < count; i++) {
    if (r.bit() === 1) shape = r.bits(8);
    const code = shape & 7;
    const timeRaw = (shape >>> 3) & 1;
    const xMode = (shape >>> 4) & 3;
    const yMode = (shape >>> 6) & 3;
    if (code > 5) throw new RangeError(`replay log: unknown event code ${code} at ${i}`);
    const isLook = code === 0 || code === 4 || code === 5;
    if (!isLook && (yMode !== 0 || (code === 2 ? xMode !== 0 && xMode !== 2 : xMode !== 0))) {
      throw new RangeError(`replay log: invalid shape ${shape} at ${i}`);
    }
    let t: number;
    if (timeRaw) t = r.f64bits();
    else {
      const q = qPrev + dPrev + unzigzag(r.eg());
      t = q / REPLAY_TIME_STEPS_PER_MS;
      dPrev = q - qPrev;
      qPrev = q;
    }
    codes[i] = code;
    ts[i] = t;
    if (isLook) {
      // x then y (the order the values are written)
      let v: number;
      if (xMode === 2) v = r.f64bits();
      else {
        if (xMode === 3) scaleX = r.f64bits();
        else if (xMode === 1 && Number.isNaN(scaleX)) throw new RangeError(`replay log: a scaled value before any scale at ${i}`);
        const n = unzigzag(r.eg());
        v = xMode === 0 ? n : n * scaleX;
      }
      as[i] = v;
      if (yMode === 2) v = r.f64bits();
      else {
        if (yMode === 3) scaleY = r.f64bits();
        else if (yMode === 1 && Number.isNaN(scaleY)) throw new RangeError(`replay log: a scaled value before any scale at ${i}`);
        const n = unzigzag(r.eg());
        v = yMode === 0 ? n : n * scaleY;
      }
      bs[i] = v;
    } else if (code === 2) {
      as[i] = xMode === 0 ? r.bits(4) : r.f64bits();
    } else {
      as[i] = r.bit();
    }
  }
  return { length: count, code: codes, t: ts, a: as, b: bs };
}

/** Reads a ReplayLogColumns in time order, one tick's window at a time, into reused event
 * objects (`createReplayLogCursor`). */
export interface ReplayLogCursor {
  /** Appends to `buf` the next events whose t is below `hiMs` (stopping at the first that is
   * not, as a loop over the log would), as event objects that are reused by the next call: read
   * them before calling again, never keep them. Returns the events taken. */
  take(hiMs: number, buf: InputEvent[]): number;
  /** events not taken yet */
  readonly left: number;
}

/** A cursor over `cols` from its first event (see ReplayLogCursor). */
export function createReplayLogCursor(cols: ReplayLogColumns): ReplayLogCursor {
  // one pool of objects per code, each of the shape `replayLogEvent` makes for that code
  const pools: InputEvent[][] = [[], [], [], [], [], []];
  const used = new Int32Array(6);
  const { code, t, a, b } = cols;
  let i = 0;
  return {
    get left() { return cols.length - i; },
    take(hiMs, buf) {
      used.fill(0);
      const from = i;
      while (i < cols.length && t[i] < hiMs) {
        const c = code[i];
        const pool = pools[c];
        let e = pool[used[c]];
        if (e === undefined) { e = replayLogEvent(cols, i); pool.push(e); }
        else {
          const m = e as unknown as { t: number; dx: number; dy: number; mask: number; down: boolean };
          m.t = t[i];
          if (c === 0 || c === 4 || c === 5) { m.dx = a[i]; m.dy = b[i]; }
          else if (c === 2) m.mask = a[i];
          else m.down = a[i] === 1;
        }
        used[c]++;
        buf.push(e);
        i++;
      }
      return i - from;
    },
  };
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = (() => {
  const a = new Int16Array(128).fill(-1);
  for (let i = 0; i < 64; i++) a[B64.charCodeAt(i)] = i;
  return a;
})();

/** Standard base64 (RFC 4648 section 4, with '=' padding) of `bytes`. */
export function bytesToBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = '';
  const n = bytes.length;
  let i = 0;
  for (; i + 2 < n; i += 3) {
    const v = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    chunk += B64[v >>> 18] + B64[(v >>> 12) & 63] + B64[(v >>> 6) & 63] + B64[v & 63];
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = '';
    }
  }
  if (i < n) {
    const v = (bytes[i] << 16) | ((i + 1 < n ? bytes[i + 1] : 0) << 8);
    chunk += B64[v >>> 18] + B64[(v >>> 12) & 63] + (i + 1 < n ? B64[(v >>> 6) & 63] : '=') + '=';
  }
  parts.push(chunk);
  return parts.join('');
}

/** Decodes standard padded base64 (`bytesToBase64`). Throws RangeError on a length that is not
 * a multiple of 4, a character outside the alphabet, or misplaced padding. */
export function base64ToBytes(s: string): Uint8Array {
  if (s.length % 4 !== 0) throw new RangeError('base64: length is not a multiple of 4');
  const pad = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((s.length / 4) * 3 - pad);
  let o = 0;
  // every group but the last: no padding allowed, all three bytes written
  const body = s.length - 4;
  let i0 = 0;
  for (; i0 < body; i0 += 4) {
    const c0 = s.charCodeAt(i0), c1 = s.charCodeAt(i0 + 1), c2 = s.charCodeAt(i0 + 2), c3 = s.charCodeAt(i0 + 3);
    const d0 = c0 < 128 ? B64_INDEX[c0] : -1, d1 = c1 < 128 ? B64_INDEX[c1] : -1;
    const d2 = c2 < 128 ? B64_INDEX[c2] : -1, d3 = c3 < 128 ? B64_INDEX[c3] : -1;
    if ((d0 | d1 | d2 | d3) < 0) {
      throw new RangeError(`base64: invalid character at ${i0 + (d0 < 0 ? 0 : d1 < 0 ? 1 : d2 < 0 ? 2 : 3)}`);
    }
    const v = (d0 << 18) | (d1 << 12) | (d2 << 6) | d3;
    out[o++] = (v >>> 16) & 255;
    out[o++] = (v >>> 8) & 255;
    out[o++] = v & 255;
  }
  for (let i = i0; i < s.length; i += 4) {
    const last = i + 4 === s.length;
    let v = 0;
    for (let k = 0; k < 4; k++) {
      const c = s.charCodeAt(i + k);
      const isPad = c === 61 && last && k >= 4 - pad;
      const d = isPad ? 0 : c < 128 ? B64_INDEX[c] : -1;
      if (d < 0) throw new RangeError(`base64: invalid character at ${i + k}`);
      v = (v << 6) | d;
    }
    out[o++] = (v >>> 16) & 255;
    if (o < out.length) out[o++] = (v >>> 8) & 255;
    if (o < out.length) out[o++] = v & 255;
  }
  return out;
}

/** `bytesToBase64(encodeReplayLog(log))`: the `replay.input_log_b64` string of a log. */
export function encodeReplayLogBase64(log: readonly InputEvent[]): string {
  return bytesToBase64(encodeReplayLog(log));
}

/** Inverse of `encodeReplayLogBase64`; throws RangeError as `base64ToBytes` / `decodeReplayLog`. */
export function decodeReplayLogBase64(s: string, maxEvents?: number): InputEvent[] {
  return decodeReplayLog(base64ToBytes(s), maxEvents);
}
