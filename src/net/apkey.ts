/**
 * The APKey of a performance submission (spec section 7, issue 14): the lowercase hex
 * HMAC-SHA256 (32 bytes -> 64 hex characters) of the exact request body bytes (UTF-8) under the
 * run ticket's secret, computed by the WebAssembly module built from assembly/apkey.ts.
 * The module is fetched and instantiated lazily, on the first signature, and kept.
 * Spec section 8: if it fails to load, 'Wasm Module Failed' is logged and the submission is sent
 * without the header (the server stores such a run, never ranked).
 */

/** The exports of assembly/apkey.ts. */
export interface ApkeyExports {
  memory: WebAssembly.Memory;
  /** makes room for key + message, returns the key's address (message right after it) */
  prepare(keyLen: number, msgLen: number): number;
  /** HMAC-SHA256 of what was written; returns the address of the 32-byte MAC */
  hmac(keyLen: number, msgLen: number): number;
}

/** Where the module's bytes come from: a Response (streamed), or the bytes themselves. */
export type ApkeySource = () => Promise<Response | BufferSource>;

/** The default source: the Vite-emitted asset URL (src/net/apkeyUrl.ts), fetched. */
const defaultSource: ApkeySource = async () => {
  const url = (await import('./apkeyUrl')).default;
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`APKey module: HTTP ${res.status}`);
  return res;
};

/** Instantiates the module from a Response (instantiateStreaming when served as
 * application/wasm, else via its bytes) or from bytes. Throws when it is not the module. */
export async function instantiateApkey(src: Response | BufferSource): Promise<ApkeyExports> {
  let instance: WebAssembly.Instance;
  if (typeof Response !== 'undefined' && src instanceof Response) {
    const bytes = await src.arrayBuffer();
    instance = (await WebAssembly.instantiate(bytes, {})).instance;
  } else {
    instance = (await WebAssembly.instantiate(src as BufferSource, {})).instance;
  }
  const x = instance.exports as unknown as Partial<ApkeyExports>;
  if (!(x.memory instanceof WebAssembly.Memory) || typeof x.prepare !== 'function' || typeof x.hmac !== 'function') {
    throw new Error('APKey module: missing exports');
  }
  return x as ApkeyExports;
}

/** Bytes of a hex string (even length, 0-9a-f in either case). Throws RangeError otherwise. */
export function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new RangeError('not a hex string');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** Lowercase hex of `bytes`. */
export function bytesToHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += bytes[i].toString(16).padStart(2, '0');
  return s;
}

/** HMAC-SHA256 of `message` under `key` through the module's exports: 64 lowercase hex chars.
 * Synchronous (about 10 ms per MiB of message in Node 20). */
export function hmacHex(mod: ApkeyExports, key: Uint8Array, message: Uint8Array): string {
  const p = mod.prepare(key.length, message.length);
  const mem = new Uint8Array(mod.memory.buffer); // after prepare: the memory may have grown
  mem.set(key, p);
  mem.set(message, p + key.length);
  const out = mod.hmac(key.length, message.length);
  return bytesToHex(new Uint8Array(mod.memory.buffer, out, 32));
}

let loading: Promise<ApkeyExports> | null = null;

/** The module, loaded once from `source` (default: the built asset). A failed load is not kept,
 * so a later signature tries again. */
export function loadApkeyModule(source: ApkeySource = defaultSource): Promise<ApkeyExports> {
  if (!loading) {
    loading = source().then(instantiateApkey);
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** Forgets the loaded module (tests). */
export function resetApkeyModule(): void {
  loading = null;
}

/**
 * The APKey header of a submission: HMAC-SHA256 of `bodyString` (its UTF-8 bytes, exactly as
 * sent) under the hex-decoded `secretHex` (the run ticket's 64-hex secret), as 64 lowercase hex
 * characters. Resolves null, after logging 'Wasm Module Failed' (spec section 8), when the
 * module cannot be loaded; the caller then sends the submission without the header.
 * Throws RangeError for a secret that is not hex.
 */
export async function signSubmission(bodyString: string, secretHex: string, source?: ApkeySource): Promise<string | null> {
  const key = hexToBytes(secretHex);
  let mod: ApkeyExports;
  try {
    mod = await loadApkeyModule(source);
  } catch (e) {
    console.error('Wasm Module Failed', e);
    return null;
  }
  return hmacHex(mod, key, new TextEncoder().encode(bodyString));
}
