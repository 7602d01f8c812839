/**
 * Project states of spec section 4, ordered by value. Screens are chosen by comparing these
 * values with `before` / `between` / `after`, never with ad-hoc booleans.
 */
export enum ProjectState {
  AssetsLoading = 0,
  SettingsLoaded = 1,
  AssetsLoaded = 5,
  AdvertLoaded = 7,
  AdvertShowing = 10,
  AdvertSkipped = 15,
  AdvertComplete = 20,
  CountdownStarted = 25,
  Countdown1sLeft = 30,
  CountdownComplete = 35,
  GameRunning = 40,
  GamePaused = 45,
  GameComplete = 50,
}

/** The spec's names of the states, e.g. 'countdown-1sleft'. */
export const PROJECT_STATE_NAMES: Record<ProjectState, string> = {
  [ProjectState.AssetsLoading]: 'assets-loading',
  [ProjectState.SettingsLoaded]: 'settings-loaded',
  [ProjectState.AssetsLoaded]: 'assets-loaded',
  [ProjectState.AdvertLoaded]: 'advert-loaded',
  [ProjectState.AdvertShowing]: 'advert-showing',
  [ProjectState.AdvertSkipped]: 'advert-skipped',
  [ProjectState.AdvertComplete]: 'advert-complete',
  [ProjectState.CountdownStarted]: 'countdown-started',
  [ProjectState.Countdown1sLeft]: 'countdown-1sleft',
  [ProjectState.CountdownComplete]: 'countdown-complete',
  [ProjectState.GameRunning]: 'game-running',
  [ProjectState.GamePaused]: 'game-paused',
  [ProjectState.GameComplete]: 'game-complete',
};

/** True when `state` comes strictly before `ref`. */
export const before = (state: ProjectState, ref: ProjectState): boolean => state < ref;
/** True when `state` comes strictly after `ref`. */
export const after = (state: ProjectState, ref: ProjectState): boolean => state > ref;
/** True when `lo <= state <= hi` (both ends included). */
export const between = (state: ProjectState, lo: ProjectState, hi: ProjectState): boolean =>
  state >= lo && state <= hi;
