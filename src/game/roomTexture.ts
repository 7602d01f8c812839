/**
 * The player's room texture (spec sections 3 and 8): with `texture.custom_textures_type` =
 * 'Image' and a `custom_textures_name`, GET /api/v1/assets/textures/{name} names the image the
 * room uses; an answer with `success: false` throws its `error` (spec section 8: "Texture fetch
 * with success false: the returned error is thrown").
 */
import type { GameOptions } from '../contracts/gameOptions';
import type { TextureResponse } from '../contracts/assets';

/**
 * The room texture URL of `options` (null when the player uses the Dynamic colours or names no
 * texture). Throws Error(error) when the server answers success false (also on its 404 / 400
 * answers, which carry { success: false, error }), Error('Bad response from server') on any
 * other non-2xx or a body that is not a texture response.
 */
export async function roomTextureUrlOf(options: Pick<GameOptions, 'texture'> | null | undefined,
  fetchFn: typeof fetch = (...a) => fetch(...a)): Promise<string | null> {
  const tex = options?.texture;
  if (tex?.custom_textures_type !== 'Image' || !tex.custom_textures_name) return null;
  const res = await fetchFn(`/api/v1/assets/textures/${encodeURIComponent(tex.custom_textures_name)}`, { credentials: 'same-origin' });
  let body: Partial<TextureResponse> | null = null;
  try {
    body = (await res.json()) as Partial<TextureResponse>;
  } catch {
    body = null;
  }
  if (body && body.success === false) throw new Error(body.error || 'Texture could not be loaded');
  if (!res.ok || !body || body.success !== true || typeof body.url !== 'string') throw new Error('Bad response from server');
  return body.url;
}
