/**
 * The sensitivity game data payload (spec section 7, `GET /api/v1/user/game-sensitivity-data/basic`;
 * entries of spec section 3): one contract for the server that builds it (src/server/sensitivityData.ts)
 * and the client's converter that reads it (src/ui/settings/SensitivityConverter.tsx). No runtime deps.
 */
import type { FovType } from './gameOptions';
import { bool, closed, type KeysMismatch } from './jsonSchema';

/** The sensitivity data URL (spec section 7). No session needed. */
export const SENSITIVITY_DATA_PATH = '/api/v1/user/game-sensitivity-data/basic';

/** The conversion styles of spec section 3, in spec order (formulas in src/sensitivity/convert.ts). */
export const CONVERSION_STYLES = [
  'normal', 'minecraft', 'warframe', 'frostbite', 'unreal', 'roguecompany', 'arma3',
] as const;
export type ConversionStyle = (typeof CONVERSION_STYLES)[number];

/**
 * How well a served entry's formula is supported (issue 33 item 8), best first:
 * - 'two-references': at least two independent published references agree on the yaw (to 0.1 %);
 * - 'one-reference': one published reference gives it (others disagree or none was found);
 * - 'measured': only a published in-game measurement of the yaw exists (no formula published).
 * The converter shows it next to each title and each result.
 */
export const SENSITIVITY_CONFIDENCES = ['two-references', 'one-reference', 'measured'] as const;
export type SensitivityConfidence = (typeof SENSITIVITY_CONFIDENCES)[number];

/**
 * One entry of the answer: the spec's fields (slug, name, fovType, hfov, vfov, affectedByFov,
 * ingameMultiplier) plus what the converter needs and where the numbers come from.
 * Units: `yaw` and `offset` in degrees per mouse count (per unit of `s = value × ingameMultiplier`);
 * FOVs in degrees.
 */
export interface SensitivityGameEntry {
  /** URL-safe id, lower case */
  slug: string;
  /** display name */
  name: string;
  /** axis of the game's FOV setting; null: not known (FOV-based match modes then cannot run) */
  fovType: FovType | null;
  /** horizontal / vertical FOV (degrees, 16:9) of the served default FOV; null when none is served */
  hfov: number | null;
  vfov: number | null;
  /** the game multiplies its turn by `fov × fovScale` */
  affectedByFov: boolean;
  /** the typed value times this is the formula's `s` */
  ingameMultiplier: number;
  style: ConversionStyle;
  /** degrees per count per unit of `s`; null only for the minecraft style (fixed cubic) */
  yaw: number | null;
  /** frostbite style: constant term, degrees per count; else 0 */
  offset: number;
  /** per-degree FOV factor for affectedByFov entries; else null */
  fovScale: number | null;
  /** default FOV on the `fovType` axis where a reference fixes it; else null */
  defaultFov: number | null;
  /** how well the formula is supported */
  confidence: SensitivityConfidence;
  /** the references behind the yaw, each a short citation ("S3 KovaaK Paladins Sens*0.091176*FOV*0.001") */
  references: string[];
  /** `references` joined with '; ' (kept for older clients) */
  source: string;
  /** what the references say, and what is unverified or conflicting */
  note: string;
}

const numOrNullAny = { type: ['number', 'null'] } as const;
const text = { type: 'string', maxLength: 2000 } as const;

/** JSON schema of one {@link SensitivityGameEntry} (every field required, no others). */
export const sensitivityGameEntrySchema = {
  ...closed({
    slug: { type: 'string', pattern: '^[a-z0-9-]+$', maxLength: 64 },
    name: { type: 'string', minLength: 1, maxLength: 128 },
    fovType: { enum: ['h', 'v', 'h4:3', null] },
    hfov: numOrNullAny,
    vfov: numOrNullAny,
    affectedByFov: bool,
    ingameMultiplier: { type: 'number', exclusiveMinimum: 0 },
    style: { enum: [...CONVERSION_STYLES] },
    yaw: numOrNullAny,
    offset: { type: 'number' },
    fovScale: numOrNullAny,
    defaultFov: numOrNullAny,
    confidence: { enum: [...SENSITIVITY_CONFIDENCES] },
    references: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1, maxLength: 400 } },
    source: text,
    note: text,
  }),
  required: [
    'slug', 'name', 'fovType', 'hfov', 'vfov', 'affectedByFov', 'ingameMultiplier', 'style', 'yaw', 'offset',
    'fovScale', 'defaultFov', 'confidence', 'references', 'source', 'note',
  ],
} as const;

/** JSON schema of the whole answer: an array of entries. */
export const sensitivityGameDataSchema = { type: 'array', items: sensitivityGameEntrySchema } as const;

// compile-time check: the schema names exactly the entry's fields
const entryKeysMatch: [KeysMismatch<SensitivityGameEntry, typeof sensitivityGameEntrySchema>] extends [never] ? true : false = true;
void entryKeysMatch;

/** True for a confidence level this contract knows. */
export function isSensitivityConfidence(x: unknown): x is SensitivityConfidence {
  return typeof x === 'string' && (SENSITIVITY_CONFIDENCES as readonly string[]).includes(x);
}

/**
 * The entries of an answer body the client can use: an array (or `{ data: [...] }`) filtered to
 * objects with a string slug and name, a known style and a known confidence. Anything else is
 * dropped (a newer server's unknown level must not show as a wrong badge). Never throws.
 */
export function sensitivityEntriesFrom(body: unknown): SensitivityGameEntry[] {
  const list: unknown[] = Array.isArray(body)
    ? body
    : Array.isArray((body as { data?: unknown } | null)?.data) ? (body as { data: unknown[] }).data : [];
  return list.filter((e): e is SensitivityGameEntry => {
    if (!e || typeof e !== 'object') return false;
    const g = e as Partial<SensitivityGameEntry>;
    return typeof g.slug === 'string' && typeof g.name === 'string'
      && (CONVERSION_STYLES as readonly string[]).includes(g.style as string) && isSensitivityConfidence(g.confidence);
  });
}
