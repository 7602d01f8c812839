import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n';
import '../account.css';
import { PREMIUM_PATH, REWARD_AD_PATH, REWARD_AD_SHOW_MS } from '../../contracts/ads';
import { ProjectState, PROJECT_STATE_NAMES } from '../../contracts/projectState';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { runActions, selectProjectState, showRewardAd } from '../../state/run/runSlice';

/**
 * The reward-ad slot (issue 13, spec sections 2, 4, 8): a house ad (REWARD_AD_PATH, an in-repo
 * image) linking to premium. Its image loading is the ad loading: loaded -> advert-loaded, then
 * on screen -> advert-showing, after REWARD_AD_SHOW_MS -> advert-complete; Skip ->
 * advert-skipped; an image error -> advert-complete with status `ad_fail` (the 2 s load
 * time-out, `ad_fail_timeout`, is the listeners'). Shown only while the reward ad runs; it
 * shows (advert-showing: its 3 s, Skip enabled) once the game's load is complete
 * (`run.loadTailPending` false), so the load's last shader compiles never eat its showing time.
 */
export function RewardAd() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const visible = useAppSelector(showRewardAd);
  const state = useAppSelector(selectProjectState);
  // the creative loads at once, but shows (its 3 s and Skip) once the game's load is complete
  // (issue 33 item 5: the load's last part follows "Click to start"; its shader compiles would
  // eat the showing time); until then the slot shows as loading
  const gameLoading = useAppSelector((s) => s.run.loadTailPending === true);
  const [leftMs, setLeftMs] = useState(REWARD_AD_SHOW_MS);

  useEffect(() => {
    if (state === ProjectState.AdvertLoaded && !gameLoading) dispatch(runActions.advertShowing());
    if (state !== ProjectState.AdvertShowing) return;
    const end = performance.now() + REWARD_AD_SHOW_MS;
    const timer = setInterval(() => {
      const left = Math.max(0, end - performance.now());
      setLeftMs(left);
      if (left <= 0) {
        clearInterval(timer);
        dispatch(runActions.advertComplete());
      }
    }, 100);
    return () => clearInterval(timer);
  }, [state, dispatch, gameLoading]);

  if (!visible) return null;
  const showing = state === ProjectState.AdvertShowing || state === ProjectState.AdvertLoaded;
  return (
    <div className="ad-slot" data-testid="reward-ad" data-ad-state={PROJECT_STATE_NAMES[state]} role="complementary" aria-label={t('ads.label')}>
      <div className="ad-slot__label">
        <span>{t('ads.label')}</span>
        <a href={PREMIUM_PATH} target="_blank" rel="noopener">{t('ads.remove')}</a>
      </div>
      <a href={PREMIUM_PATH} target="_blank" rel="noopener" aria-label={t('ads.remove')}>
        <img
          className="ad-slot__frame"
          src={REWARD_AD_PATH}
          alt={t('plus.title')}
          style={{ visibility: showing ? 'visible' : 'hidden' }}
          onLoad={() => dispatch(runActions.advertLoaded())}
          onError={() => dispatch(runActions.advertComplete({ status: 'ad_fail' }))}
        />
      </a>
      <div className="ad-slot__actions">
        <span className="muted">{showing ? t('ads.ends_in', { seconds: Math.ceil(leftMs / 1000) }) : t('account.loading')}</span>
        <button type="button" className="btn" data-testid="ad-skip" disabled={!showing} onClick={() => dispatch(runActions.advertSkipped())}>
          {t('ads.skip')}
        </button>
      </div>
    </div>
  );
}
