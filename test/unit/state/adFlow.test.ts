/**
 * The ad flow (issue 13, spec section 4 "Ad flow and countdown", sections 8 and 9): the project
 * states in order (advert-loaded, advert-showing, then advert-complete or advert-skipped), an
 * ad error or the 2 s load time-out counting as complete with the 10 s countdown, no reward ads
 * -> 3 s, premium -> no ad and 0.5 s; the ad status kept in session storage. Driven through the
 * real store and listeners with a faked outside world.
 */
import { AD_LAST_PREROLL_KEY, AD_STATUS_KEY, AD_TIMEOUT_MS } from '../../../src/contracts/ads';
import { ProjectState } from '../../../src/contracts/projectState';
import { readyToStart, runActions, showBannerAd, showRewardAd, startCountdownSeconds } from '../../../src/state/run/runSlice';
import { makeStore } from '../../../src/state/store';
import { fakeControllerFactory, fakeEnv, fakeFetch, gameConfigOf, jsonResponse, memoryStorage, settle, useRuntimeTestSetup } from './fakes';

useRuntimeTestSetup();

/** A store that has loaded drill 2033 with ads on (`rewardAds`), recording every project state. */
async function adStore(opts: { rewardAds?: boolean; premium?: boolean; loadTail?: Promise<void> } = {}) {
  const adStorage = memoryStorage();
  const { fn } = fakeFetch(opts.premium ? { '/api/v1/gameconfig/': () => jsonResponse({ ...gameConfigOf(2033), premium: true }) } : {});
  // `loadTail`: the controller's load ends with a last part still loading (issue 33 item 5)
  const { factory } = fakeControllerFactory();
  const tail = opts.loadTail;
  const withTail: typeof factory = jest.fn((...a: Parameters<typeof factory>) => {
    const c = factory(...a);
    if (tail) c.loadTail = () => tail;
    return c;
  });
  const f = fakeEnv({ fetch: fn, rewardAds: () => opts.rewardAds ?? true, adStorage: () => adStorage, loadControllerFactory: async () => withTail });
  const store = makeStore(f.env);
  const states: ProjectState[] = [];
  store.subscribe(() => {
    const s = store.getState().run.projectState;
    if (states[states.length - 1] !== s) states.push(s);
  });
  store.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  await settle();
  return { store, states, adStorage };
}

/** Starts the countdown as the first fire input does (useGameInputs). */
function fire(store: Awaited<ReturnType<typeof adStore>>['store']): boolean {
  const s = store.getState();
  if (!readyToStart(s)) return false;
  store.dispatch(runActions.countdownStarted({ seconds: startCountdownSeconds(s) }));
  return true;
}

const S = ProjectState;

test('watched: assets-loaded -> advert-loaded -> advert-showing -> advert-complete, then a 0.5 s countdown', async () => {
  const { store, states, adStorage } = await adStore();
  expect(store.getState().run.adMode).toBe('reward');
  expect(showRewardAd(store.getState())).toBe(true);
  expect(showBannerAd(store.getState())).toBe(false); // the banner follows the reward ad
  expect(fire(store)).toBe(false); // no start while the reward ad runs
  store.dispatch(runActions.advertLoaded());
  store.dispatch(runActions.advertShowing());
  expect(fire(store)).toBe(false);
  store.dispatch(runActions.advertComplete());
  expect(showRewardAd(store.getState())).toBe(false);
  expect(showBannerAd(store.getState())).toBe(true);
  expect(fire(store)).toBe(true);
  expect(store.getState().run.countdown).toBe(0.5);
  expect(states.filter((s) => s >= S.AssetsLoaded)).toEqual([S.AssetsLoaded, S.AdvertLoaded, S.AdvertShowing, S.AdvertComplete, S.CountdownStarted]);
  expect(showBannerAd(store.getState())).toBe(true); // ads show until the last countdown second
  expect(adStorage.getItem(AD_STATUS_KEY)).toBe('complete');
  expect(Number(adStorage.getItem(AD_LAST_PREROLL_KEY))).toBeGreaterThan(0);
});

test('skipped: advert-showing -> advert-skipped, 0.5 s countdown; events out of order are ignored', async () => {
  const { store, states, adStorage } = await adStore();
  store.dispatch(runActions.advertShowing()); // not loaded yet: ignored
  expect(store.getState().run.projectState).toBe(S.AssetsLoaded);
  store.dispatch(runActions.advertLoaded());
  store.dispatch(runActions.advertShowing());
  store.dispatch(runActions.advertSkipped());
  store.dispatch(runActions.advertComplete()); // after the skip: ignored
  expect(states.filter((s) => s >= S.AssetsLoaded)).toEqual([S.AssetsLoaded, S.AdvertLoaded, S.AdvertShowing, S.AdvertSkipped]);
  expect(startCountdownSeconds(store.getState())).toBe(0.5);
  expect(adStorage.getItem(AD_STATUS_KEY)).toBe('skipped');
});

test('an ad error (ad_fail) counts as complete: advert-complete with the 10 s countdown', async () => {
  const { store, states, adStorage } = await adStore();
  store.dispatch(runActions.advertComplete({ status: 'ad_fail' }));
  expect(states.filter((s) => s >= S.AssetsLoaded)).toEqual([S.AssetsLoaded, S.AdvertComplete]);
  expect(store.getState().run.adStatus).toBe('ad_fail');
  expect(fire(store)).toBe(true);
  expect(store.getState().run.countdown).toBe(10);
  expect(adStorage.getItem(AD_STATUS_KEY)).toBe('ad_fail');
  // the countdown ticks whole seconds down to 1, then 0.1 s steps (spec section 4)
  store.dispatch(runActions.countdownTick());
  expect(store.getState().run.countdown).toBe(9);
});

describe('the 2 s load time-out', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
  });

  test(`not loaded within ${AD_TIMEOUT_MS} ms: ad_fail_timeout, advert-complete, 10 s countdown`, async () => {
    const { store, adStorage } = await adStore();
    await jest.advanceTimersByTimeAsync(AD_TIMEOUT_MS - 10);
    expect(store.getState().run.projectState).toBe(S.AssetsLoaded);
    await jest.advanceTimersByTimeAsync(20);
    expect(store.getState().run.projectState).toBe(S.AdvertComplete);
    expect(store.getState().run.adStatus).toBe('ad_fail_timeout');
    expect(startCountdownSeconds(store.getState())).toBe(10);
    expect(adStorage.getItem(AD_STATUS_KEY)).toBe('ad_fail_timeout');
  });

  test('issue 33 item 5: the time-out starts when the load\'s last part is in (its compiles do not count)', async () => {
    let finishTail: () => void = () => undefined;
    const tail = new Promise<void>((r) => { finishTail = r; });
    const { store } = await adStore({ loadTail: tail });
    expect(store.getState().run.loadTailPending).toBe(true);
    expect(showRewardAd(store.getState())).toBe(true); // the slot shows (loading), no start yet
    expect(fire(store)).toBe(false);
    await jest.advanceTimersByTimeAsync(AD_TIMEOUT_MS * 3);
    expect(store.getState().run.projectState).toBe(S.AssetsLoaded); // no ad_fail_timeout meanwhile
    finishTail();
    await jest.advanceTimersByTimeAsync(1);
    expect(store.getState().run.loadTailPending).toBe(false);
    await jest.advanceTimersByTimeAsync(AD_TIMEOUT_MS - 20);
    expect(store.getState().run.projectState).toBe(S.AssetsLoaded);
    await jest.advanceTimersByTimeAsync(40);
    expect(store.getState().run.adStatus).toBe('ad_fail_timeout');
  });

  test('issue 33 item 5: a creative loaded during the load\'s last part shows once it is in, and no time-out follows', async () => {
    let finishTail: () => void = () => undefined;
    const tail = new Promise<void>((r) => { finishTail = r; });
    const { store, states } = await adStore({ loadTail: tail });
    store.dispatch(runActions.advertLoaded());
    await jest.advanceTimersByTimeAsync(AD_TIMEOUT_MS * 2);
    expect(store.getState().run.projectState).toBe(S.AdvertLoaded);
    // what RewardAd does once loadTailPending is false; React renders a store change (and runs
    // its effect) synchronously, inside the dispatch of loadTailDone
    const unsubscribe = store.subscribe(() => {
      const { run } = store.getState();
      if (!run.loadTailPending && run.projectState === S.AdvertLoaded) store.dispatch(runActions.advertShowing());
    });
    finishTail();
    await jest.advanceTimersByTimeAsync(AD_TIMEOUT_MS * 3);
    expect(store.getState().run.projectState).toBe(S.AdvertShowing);
    expect(store.getState().run.adStatus ?? null).toBeNull();
    expect(states.filter((s) => s >= S.AssetsLoaded)).toEqual([S.AssetsLoaded, S.AdvertLoaded, S.AdvertShowing]);
    unsubscribe();
  });

  test('loaded in time: no time-out later', async () => {
    const { store } = await adStore();
    await jest.advanceTimersByTimeAsync(AD_TIMEOUT_MS / 2);
    store.dispatch(runActions.advertLoaded());
    store.dispatch(runActions.advertShowing());
    await jest.advanceTimersByTimeAsync(AD_TIMEOUT_MS * 3);
    expect(store.getState().run.projectState).toBe(S.AdvertShowing);
    expect(store.getState().run.adStatus ?? null).toBeNull();
  });
});

test('reward ads off: no ad component, no advert state, a 3 s countdown', async () => {
  const { store, states } = await adStore({ rewardAds: false });
  expect(store.getState().run.adMode).toBe('none');
  expect(showRewardAd(store.getState()) || showBannerAd(store.getState())).toBe(false);
  expect(fire(store)).toBe(true);
  expect(store.getState().run.countdown).toBe(3);
  expect(states.filter((s) => s >= S.AssetsLoaded)).toEqual([S.AssetsLoaded, S.CountdownStarted]);
});

test('premium: no ads at all and the short countdown', async () => {
  const { store } = await adStore({ premium: true });
  expect(store.getState().run.adMode).toBe('none');
  expect(showRewardAd(store.getState()) || showBannerAd(store.getState())).toBe(false);
  store.dispatch(runActions.advertLoaded()); // an ad event without an ad flow: ignored
  expect(store.getState().run.projectState).toBe(S.AssetsLoaded);
  expect(fire(store)).toBe(true);
  expect(store.getState().run.countdown).toBe(0.5);
});
