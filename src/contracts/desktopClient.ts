/**
 * The desktop client (spec sections 1, 4, 6; issue 13): the same game in a desktop app, recognised
 * by its user agent. It unlocks the max-FPS setting, and its render loop is capped.
 */

/** The user agent of the desktop client contains this (spec sections 1 and 6). */
export const DESKTOP_CLIENT_UA = 'AimTrainerDesktop';

/** Whether `userAgent` is the desktop client's. */
export function isDesktopClient(userAgent: string | null | undefined): boolean {
  return typeof userAgent === 'string' && userAgent.includes(DESKTOP_CLIENT_UA);
}

/**
 * The render loop's frame cap, frames per second, or null for none: only in the desktop client
 * (a browser's loop already follows the display), the lower of the player's max-FPS setting
 * (`video.max_fps`, 60-4000; null = off) and the drill's `max_fps` (default 240, spec section 9).
 * Non-positive or non-finite values are ignored.
 */
export function frameCapOf(userAgent: string | null | undefined, settingMaxFps: number | null | undefined, drillMaxFps: number | null | undefined): number | null {
  if (!isDesktopClient(userAgent)) return null;
  const caps = [settingMaxFps, drillMaxFps].filter((x): x is number => typeof x === 'number' && Number.isFinite(x) && x > 0);
  return caps.length > 0 ? Math.min(...caps) : null;
}
