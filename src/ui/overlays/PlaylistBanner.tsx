import { useTranslation } from 'react-i18next';
import '../../i18n';
import { ProjectState, before } from '../../contracts/projectState';
import { useAppSelector } from '../../state/hooks';
import { playlistActive } from '../../state/playlist/playlistSlice';

/** "Drill 2 of 10: <name>" over the game before each round of a playlist (issue 36 item 4),
 * from the drill's load until its round starts (the countdown included). */
export function PlaylistBanner() {
  const { t } = useTranslation();
  const active = useAppSelector(playlistActive);
  const pl = useAppSelector((s) => s.playlist);
  const visible = useAppSelector((s) => !s.run.panic && before(s.run.projectState, ProjectState.CountdownComplete));
  if (!active || !visible || !pl) return null;
  const drill = pl.drills[pl.index];
  return (
    <div className="playlist-banner" data-testid="playlist-banner" role="status">
      <p className="playlist-banner__name">{pl.name}</p>
      <p className="playlist-banner__drill">{t('playlist.drill_of', { n: pl.index + 1, total: pl.drills.length, name: drill?.name ?? '' })}</p>
    </div>
  );
}
