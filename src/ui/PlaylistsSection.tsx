import { useTranslation } from 'react-i18next';
import '../i18n';
import { playlistPath, type PlaylistAnswer } from '../contracts/playlists';
import { defaultFetch, getJson, type FetchFn } from '../net/api';
import { useFetched } from './useFetched';

/** PlaylistsSection props. */
export interface PlaylistsSectionProps {
  fetchFn?: FetchFn;
}

/**
 * The drills page's "Playlists" section (issue 36 item 4): every playlist of
 * `GET /api/v1/playlists` (the built-in ones, today's daily, the account's own) as a card with
 * its name, description, drill count and minutes of play, and Play (`/?playlist=<id>`: the game
 * page plays its drills back to back). Nothing shows while loading or when the list fails.
 */
export function PlaylistsSection({ fetchFn = defaultFetch }: PlaylistsSectionProps) {
  const { t } = useTranslation();
  const list = useFetched(() => getJson<{ playlists: PlaylistAnswer[] }>(fetchFn, '/api/v1/playlists'), 'playlists');
  if (list.status !== 'ok' || !Array.isArray(list.data?.playlists) || list.data.playlists.length === 0) return null;
  return (
    <section className="playlists" aria-labelledby="playlists-title" data-testid="playlists" id="playlists">
      <h2 id="playlists-title" className="playlists__title">{t('playlist.section_title')}</h2>
      <p className="muted playlists__hint">{t('playlist.section_hint')}</p>
      <ul className="playlists__list">
        {list.data.playlists.map((p) => (
          <li key={p.id} className="playlists__card" data-testid={`playlist-card-${p.id}`}>
            <span className="playlists__name">{p.name}</span>
            <span className="muted playlists__facts">
              {t('playlist.drills_count', { count: p.drills.length })} · {t('playlist.minutes', { minutes: Math.max(1, Math.round(p.duration_ms / 60_000)) })}
            </span>
            <span className="muted playlists__desc">{p.description}</span>
            <a className="btn btn--small btn--primary playlists__play" href={playlistPath(p.id)} data-testid={`playlist-play-${p.id}`}>{t('playlist.play')}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default PlaylistsSection;
