import { useEffect } from 'react';
import '../i18n';
import { parseDrillQuery } from '../state/drillQuery';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { INVALID_ID_ERROR, runActions, selectProjectState } from '../state/run/runSlice';
import { playlistActions } from '../state/playlist/playlistSlice';
import { finderActions } from '../state/finder/finderSlice';
import { SensFinderBanner } from './overlays/SensFinderBanner';
import { SensFinderResult } from './overlays/SensFinderResult';
import { PlaylistBanner } from './overlays/PlaylistBanner';
import { PlaylistSummary } from './overlays/PlaylistSummary';
import { PROJECT_STATE_NAMES } from '../contracts/projectState';
import { GameCanvas } from './GameCanvas';
import { Countdown } from './overlays/Countdown';
import { DrillCompleteCard } from './overlays/DrillCompleteCard';
import { SummaryInPlace } from './overlays/SummaryInPlace';
import { ErrorOverlay } from './overlays/ErrorOverlay';
import { QuitMessage } from './overlays/QuitMessage';
import { Hud } from './overlays/Hud';
import { ShotPerformance } from './overlays/ShotPerformance';
import { Loader } from './overlays/Loader';
import { MouseSkipNotice } from './overlays/MouseSkipNotice';
import { LowFpsNotice } from './overlays/LowFpsNotice';
import { PauseMenu } from './overlays/PauseMenu';
import { PregameInfo } from './overlays/PregameInfo';
import { StartInstructions } from './overlays/StartInstructions';
import { ResumePrompt } from './overlays/ResumePrompt';
import { SubmitModal } from './overlays/SubmitModal';
import { UnsentRunsNotice } from './overlays/UnsentRunsNotice';
import { useGameInputs } from './useGameInputs';
import { RewardAd } from './overlays/RewardAd';
import { BannerAd } from './overlays/BannerAd';

/** GamePage props. */
export interface GamePageProps {
  /** the query string to read `id` and `source` from; defaults to `location.search` */
  search?: string;
}

/** The game page (spec section 2): the canvas and every overlay, chosen by project state.
 * Validates the drill id (digits only, default 134) and asks the store to load the drill; with
 * `?playlist=<id>` (issue 36 item 4) asks for the playlist instead, whose drills then play in place;
 * with `&finder=<seed>&cm=..&dpi=..` (issue 37 item 6) drill `id` is played once per round of a
 * blinded sensitivity finder session, then its result shows. */
export function GamePage({ search }: GamePageProps) {
  const dispatch = useAppDispatch();
  const query = search ?? (typeof window !== 'undefined' ? window.location.search : '');
  useGameInputs();
  const projectState = useAppSelector(selectProjectState);

  useEffect(() => {
    const parsed = parseDrillQuery(query);
    if (parsed.ok && parsed.playlist) dispatch(playlistActions.requested({ id: parsed.playlist, source: parsed.source, context: parsed.context }));
    else if (parsed.ok) {
      // a sensitivity finder session (issue 37 item 6): its rounds play drill `id` in place
      if (parsed.finder) dispatch(finderActions.started({ ...parsed.finder, drillId: parsed.id }));
      dispatch(runActions.drillRequested({ id: parsed.id, source: parsed.source, context: parsed.context, preview: parsed.preview }));
    } else dispatch(runActions.panic(INVALID_ID_ERROR));
  }, [query, dispatch]);

  return (
    <div className="game-page" data-project-state={PROJECT_STATE_NAMES[projectState]}>
      <GameCanvas />
      <div className="ui-layer">
        <Loader />
        <PlaylistBanner />
        <SensFinderBanner />
        <PregameInfo />
        <StartInstructions />
        <RewardAd />
        <BannerAd />
        <Countdown />
        <Hud />
        <ShotPerformance />
        <MouseSkipNotice />
        <LowFpsNotice />
        <ResumePrompt />
        <PauseMenu />
        <SubmitModal />
        <DrillCompleteCard />
        <SummaryInPlace />
        <PlaylistSummary />
        <SensFinderResult />
        <UnsentRunsNotice />
        <ErrorOverlay />
        <QuitMessage />
      </div>
    </div>
  );
}

export default GamePage;
