/**
 * Deep merge of a (partial, possibly untrusted) settings document over its defaults: the one
 * merge of the server (saved options over the defaults, src/server/settings.ts), the client's
 * settings (src/state/settings/options.ts) and the in-game crosshair looks
 * (src/game/crosshairGeometry.ts). Pure; neither input is mutated.
 */

/** A plain object (not null, not an array). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Options of `mergeDeep`. */
export interface MergeOptions {
  /**
   * Keep the shape of `base` (for documents read without a schema check, e.g. a gameconfig's
   * crosshair_config): keys `base` lacks are ignored, and a value replaces `base`'s only when it
   * has the same typeof (numbers: finite). Default false: every key of `patch` is taken.
   */
  typed?: boolean;
}

/**
 * `patch` merged onto a copy of `base`: plain objects key by key (recursively), anything else in
 * `patch` (numbers, strings, null, arrays) replaces the value; undefined values are skipped. A
 * `patch` that is not a plain object replaces `base` (untyped) or is ignored (typed); an
 * undefined `patch` gives `base`.
 */
export function mergeDeep<T>(base: T, patch: unknown, opts: MergeOptions = {}): T {
  if (!isPlainObject(base) || !isPlainObject(patch)) {
    if (patch === undefined || opts.typed) return base;
    return patch as T;
  }
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    const cur = out[k];
    if (isPlainObject(cur) && isPlainObject(v)) out[k] = mergeDeep(cur, v, opts);
    else if (!opts.typed) out[k] = v;
    else if (k in out && !isPlainObject(cur) && typeof v === typeof cur && (typeof v !== 'number' || Number.isFinite(v))) out[k] = v;
  }
  return out as T;
}
