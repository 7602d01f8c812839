import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n';
import { playlistPath, type PlaylistAnswer, type PlaylistBody } from '../contracts/playlists';
import { defaultFetch, getJson, postJson, type FetchFn } from '../net/api';
import { useFetched } from './useFetched';

/** PlaylistsSection props. */
export interface PlaylistsSectionProps {
  fetchFn?: FetchFn;
}

/** Drill ids typed as "134, 143 147": every whole number in order, or null when anything else
 * is there (or none is). */
export function parseDrillIds(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter((p) => p !== '');
  if (parts.length === 0 || !parts.every((p) => /^\d+$/.test(p))) return null;
  return parts.map(Number);
}

/** PUT or DELETE of a JSON body; the server's `{ error }` (or the status) is thrown. */
async function writeJson(fetchFn: FetchFn, method: 'PUT' | 'DELETE', url: string, body: unknown): Promise<void> {
  const res = await fetchFn(url, { method, credentials: 'same-origin', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) {
    const msg = await res.json().then((b: { error?: string }) => b?.error, () => undefined);
    throw new Error(msg ?? `HTTP ${res.status}`);
  }
}

/**
 * The drills page's "Playlists" section (issue 36 item 4): every playlist of
 * `GET /api/v1/playlists` (the built-in ones, today's daily, the account's own) as a card with
 * its name, description, drill count and minutes of play, and Play (`/?playlist=<id>`: the game
 * page plays its drills back to back). The account's own also show their share link (anyone
 * with it can play the playlist), Edit and Delete; the form below creates (or, after Edit, saves)
 * one from a name and drill ids in play order (POST / PUT /api/v1/playlists; a guest is sent to
 * log in). Nothing shows while the list loads or when it fails.
 */
export function PlaylistsSection({ fetchFn = defaultFetch }: PlaylistsSectionProps) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const list = useFetched(() => getJson<{ playlists: PlaylistAnswer[] }>(fetchFn, '/api/v1/playlists'), `playlists-${version}`);
  const [editing, setEditing] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [ids, setIds] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  if (list.status !== 'ok' || !Array.isArray(list.data?.playlists) || list.data.playlists.length === 0) return null;
  const origin = typeof window !== 'undefined' ? window.location.origin : '';

  const save = async () => {
    const drills = parseDrillIds(ids);
    if (!name.trim() || !drills) {
      setNotice(t('playlist.form_invalid'));
      return;
    }
    const body: PlaylistBody = { name: name.trim(), drills };
    try {
      if (editing) await writeJson(fetchFn, 'PUT', `/api/v1/playlists/${editing}`, body);
      else await postJson<PlaylistAnswer>(fetchFn, '/api/v1/playlists', body);
      setNotice(t(editing ? 'playlist.saved' : 'playlist.created', { name: body.name }));
      setEditing(null);
      setName('');
      setIds('');
      setVersion((v) => v + 1);
    } catch (e) {
      const err = e as { serverMessage?: string | null; message?: string };
      setNotice(t('playlist.save_failed', { message: err.serverMessage || err.message || String(e) }));
    }
  };
  const remove = async (p: PlaylistAnswer) => {
    try {
      await writeJson(fetchFn, 'DELETE', `/api/v1/playlists/${p.id}`, {});
      setNotice(t('playlist.deleted', { name: p.name }));
      setVersion((v) => v + 1);
    } catch (e) {
      setNotice(t('playlist.save_failed', { message: (e as Error).message }));
    }
  };

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
            {p.mine && (
              <label className="playlists__share">
                <span className="muted">{t('playlist.share_link')}</span>
                <input readOnly value={`${origin}${playlistPath(p.id)}`} onFocus={(e) => e.currentTarget.select()} data-testid={`playlist-share-${p.id}`} />
              </label>
            )}
            <span className="playlists__actions">
              <a className="btn btn--small btn--primary playlists__play" href={playlistPath(p.id)} data-testid={`playlist-play-${p.id}`}>{t('playlist.play')}</a>
              {p.mine && (
                <>
                  <button type="button" className="btn btn--small" data-testid={`playlist-edit-${p.id}`}
                    onClick={() => { setEditing(p.id); setName(p.name); setIds(p.drills.map((d) => d.id).join(', ')); }}>{t('playlist.edit')}</button>
                  <button type="button" className="btn btn--small btn--ghost" data-testid={`playlist-delete-${p.id}`} onClick={() => void remove(p)}>{t('playlist.delete')}</button>
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
      <form className="playlists__form" onSubmit={(e) => { e.preventDefault(); void save(); }} data-testid="playlist-form">
        <label className="browser__field">
          <span>{t('playlist.form_name')}</span>
          <input value={name} maxLength={64} onChange={(e) => setName(e.target.value)} data-testid="playlist-form-name" />
        </label>
        <label className="browser__field playlists__ids">
          <span>{t('playlist.form_drills')}</span>
          <input value={ids} placeholder="134, 143, 147" onChange={(e) => setIds(e.target.value)} data-testid="playlist-form-drills" />
        </label>
        <button type="submit" className="btn btn--small" data-testid="playlist-form-save">{t(editing ? 'playlist.form_save' : 'playlist.form_create')}</button>
        {notice && <span className="muted" role="status" data-testid="playlist-notice">{notice}</span>}
      </form>
    </section>
  );
}

export default PlaylistsSection;
