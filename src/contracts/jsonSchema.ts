/**
 * Building blocks of the JSON schemas in src/contracts (the request and response bodies shared
 * by client and server) and a compile-time check that a schema names exactly the fields of the
 * TypeScript type it describes. No runtime deps.
 */

/** Largest magnitude of a number in a settings body (issue 14: a maximum on every count). Far
 * outside every setting's range (spec section 5: the widest is mouse_dpi, 0-64000), which is
 * clamped on save, not rejected; this only refuses absurd numbers (1e300) outright. */
export const MAX_SETTING_NUMBER = 1_000_000;

export const num = { type: 'number', minimum: -MAX_SETTING_NUMBER, maximum: MAX_SETTING_NUMBER } as const;
export const numOrNull = { type: ['number', 'null'], minimum: -MAX_SETTING_NUMBER, maximum: MAX_SETTING_NUMBER } as const;
export const bool = { type: 'boolean' } as const;
export const str = { type: 'string', maxLength: 256 } as const;
export const strOrNull = { type: ['string', 'null'], maxLength: 256 } as const;
/** `#rrggbb`, the colour form of game options (spec section 3, `sight_colour #ffe711`; the UI's
 * colour inputs give that form). Anything else (`"javascript:1"`, `red`) is refused with 400. */
export const COLOUR_PATTERN = '^#[0-9a-fA-F]{6}$';
/** A game-options colour: a string matching {@link COLOUR_PATTERN}. */
export const colour = { type: 'string', pattern: COLOUR_PATTERN } as const;

/** An object of known, typed, optional properties; unknown extra properties are kept (forward
 * compatible). */
export function group<const P extends Record<string, unknown>>(properties: P) {
  return { type: 'object', properties, additionalProperties: true } as const;
}

/** An object of known, typed, optional properties and no others. */
export function closed<const P extends Record<string, unknown>>(properties: P) {
  return { type: 'object', properties, additionalProperties: false } as const;
}

/**
 * `never` when every object level of `T` has exactly the property names of the object schema
 * `S` (recursing into `properties`), else a description of the first mismatches:
 * `{ notInSchema, notInType }` at the level where they differ. Use as
 * `const ok: [KeysMismatch<T, typeof schema>] extends [never] ? true : false = true;`.
 */
export type KeysMismatch<T, S> = S extends { readonly properties: infer P }
  ? [Exclude<keyof T, keyof P> | Exclude<keyof P, keyof T>] extends [never]
    ? { [K in keyof T & keyof P]: KeysMismatch<NonNullable<T[K]>, P[K]> }[keyof T & keyof P]
    : { notInSchema: Exclude<keyof T, keyof P>; notInType: Exclude<keyof P, keyof T> }
  : never;
