/**
 * `GET/POST /api/v2/user/{type}` (spec section 7): load and save one crosshair setting.
 * Failures are logged and rethrown (spec section 8, "Crosshair save/get fails").
 */
import {
  defaultCrosshairConfig, type CrosshairConfig, type CrosshairSetting, type CrosshairType,
} from '../../contracts/crosshair';
import { mergeDeep } from '../../contracts/merge';
import { defaultFetch, getJson, postJson, type FetchFn } from '../../net/api';
import { clampSetting } from './fields';

/** The URL of a type's setting. */
export function crosshairUrl(type: CrosshairType): string {
  return `/api/v2/user/${type}`;
}

/** A full, clamped setting from whatever the server sent (`{ enabled, config }`, possibly
 * partial): the config merged over the defaults; garbage gives `{ enabled: false, defaults }`. */
export function normalizeSetting(raw: unknown): CrosshairSetting {
  const obj = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const config = mergeDeep<CrosshairConfig>(defaultCrosshairConfig(), obj.config, { typed: true });
  return clampSetting({ enabled: obj.enabled === true, config });
}

/** `GET /api/v2/user/{type}` → the stored setting. Logs and rethrows on failure. */
export async function fetchCrosshairSetting(type: CrosshairType, fetchFn: FetchFn = defaultFetch): Promise<CrosshairSetting> {
  try {
    return normalizeSetting(await getJson<unknown>(fetchFn, crosshairUrl(type)));
  } catch (e) {
    console.error(`Failed to load the ${type} config`, e);
    throw e;
  }
}

/** `POST /api/v2/user/{type}` with `{ enabled, config }` → the setting as the server stored it
 * (its `{ success, enabled, config }` answer; the sent setting when the answer has none).
 * Logs and rethrows on failure (network error, 4xx/5xx, `success: false`). */
export async function postCrosshairSetting(
  type: CrosshairType, setting: CrosshairSetting, fetchFn: FetchFn = defaultFetch,
): Promise<CrosshairSetting> {
  try {
    const body = await postJson<{ success?: boolean; enabled?: boolean; config?: unknown; error?: string }>(
      fetchFn, crosshairUrl(type), { enabled: setting.enabled, config: setting.config },
    );
    if (body && body.success === false) throw new Error(body.error || 'Failed to save');
    if (body && body.config && typeof body.config === 'object') {
      return normalizeSetting({ enabled: body.enabled ?? setting.enabled, config: body.config });
    }
    return setting;
  } catch (e) {
    console.error(`Failed to save the ${type} config`, e);
    throw e;
  }
}
