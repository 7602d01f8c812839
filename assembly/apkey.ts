/**
 * The APKey validation module (spec section 7, issue 14): HMAC-SHA256 (RFC 2104 over FIPS 180-4
 * SHA-256) in AssemblyScript, compiled to `build/wasm/apkey.wasm` by `npm run build:wasm`
 * (`asc assembly/apkey.ts --runtime stub -O3`). No allocator, no strings: the caller writes the
 * key and the message into this module's exported memory and reads 32 bytes back.
 *
 * Use (src/net/apkeyCore.ts does this):
 *   const p = prepare(keyLen, msgLen);   // grows memory as needed; key at p, message at p+keyLen
 *   (write key bytes at p, message bytes at p + keyLen)
 *   const out = hmac(keyLen, msgLen);    // 32-byte MAC at out
 *
 * Memory layout from `base()` (16-byte aligned `__heap_base`), in bytes:
 *   OUT 0..32 | STATE 32..64 (8 x u32) | K0 64..128 | PADK 128..192 | TAIL 192..320 |
 *   W 320..576 (64 x u32 message schedule) | DATA 576.. (key, then message)
 */

// FIPS 180-4 section 4.2.2: the 64 round constants.
const K: usize = memory.data<u32>([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

// FIPS 180-4 section 5.3.3: the initial hash value.
const IV: usize = memory.data<u32>([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

const OUT: usize = 0;
const STATE: usize = 32;
const K0: usize = 64;
const PADK: usize = 128;
const TAIL: usize = 192;
const W: usize = 320;
const DATA: usize = 576;
/** SHA-256 block size, bytes (also HMAC's B). */
const BLOCK: usize = 64;

/** Start of the module's working memory (after its static data), 16-byte aligned. */
export function base(): usize {
  return (__heap_base + 15) & ~(<usize>15);
}

/**
 * Makes room for a key of `keyLen` bytes and a message of `msgLen` bytes (growing the memory by
 * whole 64 KiB pages) and returns where the key goes; the message goes right after it.
 * Traps (unreachable) when the memory cannot grow.
 */
export function prepare(keyLen: usize, msgLen: usize): usize {
  const b = base();
  const need = b + DATA + keyLen + msgLen;
  const have = (<usize>memory.size()) << 16;
  if (need > have) {
    const pages = <i32>((need - have + 0xffff) >> 16);
    if (memory.grow(pages) < 0) unreachable();
  }
  return b + DATA;
}

/** One SHA-256 compression of the 64-byte block at `p` into the state. */
function compress(p: usize): void {
  const b = base();
  const w = b + W;
  const s = b + STATE;
  for (let i: usize = 0; i < 16; i++) {
    store<u32>(w + (i << 2), bswap<u32>(load<u32>(p + (i << 2))));
  }
  for (let i: usize = 16; i < 64; i++) {
    const w15 = load<u32>(w + ((i - 15) << 2));
    const w2 = load<u32>(w + ((i - 2) << 2));
    const s0 = rotr<u32>(w15, 7) ^ rotr<u32>(w15, 18) ^ (w15 >> 3);
    const s1 = rotr<u32>(w2, 17) ^ rotr<u32>(w2, 19) ^ (w2 >> 10);
    store<u32>(w + (i << 2), load<u32>(w + ((i - 16) << 2)) + s0 + load<u32>(w + ((i - 7) << 2)) + s1);
  }
  let a = load<u32>(s, 0);
  let bb = load<u32>(s, 4);
  let c = load<u32>(s, 8);
  let d = load<u32>(s, 12);
  let e = load<u32>(s, 16);
  let f = load<u32>(s, 20);
  let g = load<u32>(s, 24);
  let h = load<u32>(s, 28);
  for (let i: usize = 0; i < 64; i++) {
    const S1 = rotr<u32>(e, 6) ^ rotr<u32>(e, 11) ^ rotr<u32>(e, 25);
    const ch = (e & f) ^ (~e & g);
    const t1 = h + S1 + ch + load<u32>(K + (i << 2)) + load<u32>(w + (i << 2));
    const S0 = rotr<u32>(a, 2) ^ rotr<u32>(a, 13) ^ rotr<u32>(a, 22);
    const maj = (a & bb) ^ (a & c) ^ (bb & c);
    const t2 = S0 + maj;
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = bb;
    bb = a;
    a = t1 + t2;
  }
  store<u32>(s, load<u32>(s, 0) + a, 0);
  store<u32>(s, load<u32>(s, 4) + bb, 4);
  store<u32>(s, load<u32>(s, 8) + c, 8);
  store<u32>(s, load<u32>(s, 12) + d, 12);
  store<u32>(s, load<u32>(s, 16) + e, 16);
  store<u32>(s, load<u32>(s, 20) + f, 20);
  store<u32>(s, load<u32>(s, 24) + g, 24);
  store<u32>(s, load<u32>(s, 28) + h, 28);
}

/**
 * SHA-256 of (the 64-byte block at `prefix`, when `hasPrefix`) followed by `len` bytes at
 * `data`, written big-endian (32 bytes) at `out`. `out` may overlap `data`: the input is
 * fully read before the digest is written.
 */
function sha256(hasPrefix: bool, prefix: usize, data: usize, len: usize, out: usize): void {
  const b = base();
  const s = b + STATE;
  memory.copy(s, IV, 32);
  if (hasPrefix) compress(prefix);
  let off: usize = 0;
  while (len - off >= BLOCK) {
    compress(data + off);
    off += BLOCK;
  }
  const rem = len - off;
  const t = b + TAIL;
  memory.fill(t, 0, 2 * BLOCK);
  memory.copy(t, data + off, rem);
  store<u8>(t + rem, 0x80);
  const bits: u64 = (<u64>len + (hasPrefix ? <u64>BLOCK : 0)) << 3;
  const blocks: usize = rem < 56 ? 1 : 2;
  store<u64>(t + blocks * BLOCK - 8, bswap<u64>(bits));
  compress(t);
  if (blocks == 2) compress(t + BLOCK);
  for (let i: usize = 0; i < 8; i++) store<u32>(out + (i << 2), bswap<u32>(load<u32>(s + (i << 2))));
}

/**
 * HMAC-SHA256 (RFC 2104; B = 64, L = 32) of the message under the key, both written by the
 * caller after `prepare(keyLen, msgLen)`. Keys longer than 64 bytes are hashed first. Returns
 * the address of the 32-byte MAC (valid until the next call).
 */
export function hmac(keyLen: usize, msgLen: usize): usize {
  const b = base();
  const key = b + DATA;
  const msg = key + keyLen;
  const k0 = b + K0;
  const pad = b + PADK;
  const out = b + OUT;
  memory.fill(k0, 0, BLOCK);
  if (keyLen > BLOCK) sha256(false, 0, key, keyLen, k0);
  else memory.copy(k0, key, keyLen);
  for (let i: usize = 0; i < BLOCK; i++) store<u8>(pad + i, load<u8>(k0 + i) ^ 0x36);
  sha256(true, pad, msg, msgLen, out);
  for (let i: usize = 0; i < BLOCK; i++) store<u8>(pad + i, load<u8>(k0 + i) ^ 0x5c);
  sha256(true, pad, out, 32, out);
  return out;
}
