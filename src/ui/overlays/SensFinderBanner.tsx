import { useTranslation } from 'react-i18next';
import '../../i18n';
import { ProjectState, before } from '../../contracts/projectState';
import { useAppSelector } from '../../state/hooks';
import { finderActive } from '../../state/finder/finderSlice';

/** "Sensitivity finder · Round 3 of 10" over the game before each round of a sensitivity finder
 * session (issue 37 item 6), from the round's load until it starts (the countdown included).
 * It never shows the round's sensitivity (the session is blind). */
export function SensFinderBanner() {
  const { t } = useTranslation();
  const active = useAppSelector(finderActive);
  const f = useAppSelector((s) => s.finder);
  const visible = useAppSelector((s) => !s.run.panic && before(s.run.projectState, ProjectState.CountdownComplete));
  if (!active || !visible || !f) return null;
  return (
    <div className="playlist-banner" data-testid="finder-banner" role="status">
      <p className="playlist-banner__name">{t('sens_finder.title')}</p>
      <p className="playlist-banner__drill" data-testid="finder-round">{t('sens_finder.round_of', { n: f.index + 1, total: f.rounds.length })}</p>
      <p className="muted">{t('sens_finder.banner_hint')}</p>
    </div>
  );
}
