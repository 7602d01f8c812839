/**
 * House ads (issue 13, spec sections 2, 4, 8, 9): constants shared by the page, the ad flow and
 * the server. The product serves its own ads (no third-party network): the reward-ad slot and a
 * banner iframe from a fixed template path, both linking to premium (/plus).
 */

/** Load time-out of an ad (spec section 9: ad time-out 2 s), ms. */
export const AD_TIMEOUT_MS = 2000;

/** The countdowns the start-game signal carries are COUNTDOWN_SHORT_S (0.5 s), COUNTDOWN_LONG_S
 * (10 s, the ad failed) and COUNTDOWN_NO_REWARD_ADS_S (3 s) of ./constants. */

/** How long the house reward ad shows before it completes by itself, ms (skippable at once). */
export const REWARD_AD_SHOW_MS = 3000;

/** Ad statuses kept in session storage (spec section 8): no ad player/API, or its time-out;
 * `complete` and `skipped` for an ad that ran. */
export type AdStatus = 'ad_fail' | 'ad_fail_timeout' | 'complete' | 'skipped';

/** sessionStorage key of the last ad status. */
export const AD_STATUS_KEY = 'aim.ad_status';
/** sessionStorage key of the last pre-roll time (ms since epoch), stored when the ad status is
 * fail, complete or skipped (spec section 9). */
export const AD_LAST_PREROLL_KEY = 'aim.ad_last_preroll';

/** Least time between two pre-roll (reward) ads in one browser session (spec section 9:
 * "pre-roll interval 5 min (300000 ms)"), ms. */
export const PREROLL_INTERVAL_MS = 300_000;

/**
 * Whether a pre-roll ad is due: none ran in this browser session yet (`lastPrerollMs` null, or
 * not a number), or the last one (AD_LAST_PREROLL_KEY, ms since epoch) is at least
 * PREROLL_INTERVAL_MS before `nowMs`. A stored time in the future (clock changed) counts as
 * due. Between pre-rolls a drill starts with the no-ad countdown.
 */
export function prerollDue(lastPrerollMs: number | null, nowMs: number): boolean {
  if (lastPrerollMs === null || !Number.isFinite(lastPrerollMs)) return true;
  const since = nowMs - lastPrerollMs;
  return since < 0 || since >= PREROLL_INTERVAL_MS;
}

/** The banner-ads iframe's fixed template path (spec section 7: "In-game ads load from an iframe
 * template at a fixed path"); a static page of the product (public/ads/banner.html). */
export const BANNER_TEMPLATE_PATH = '/ads/banner.html';
/** The reward ad's creative: an in-repo image (public/ads/reward.svg) shown in the reward-ad
 * slot; its load or error event is the ad's. */
export const REWARD_AD_PATH = '/ads/reward.svg';

/** The ad-block message (spec section 8). */
export const ADBLOCK_MESSAGE = 'Video hidden due to Adblock';

/** Where every ad and the ad-block message link (spec section 6: premium removes ads). */
export const PREMIUM_PATH = '/plus';

/** `<meta name="aim-ads" content="off">`: the server turned ads off for this page (a host app's
 * embed asked with `?ads=off` and its origin is in HOST_ORIGINS). */
export const ADS_META = 'aim-ads';
/** The game URL's query parameter with which a host app turns ads off for its embeds. */
export const ADS_PARAM = 'ads';
