import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n';
import { defaultFetch, fetchDrills, reportDrill, setDrillPublished, type DrillListItem, type FetchFn } from '../net/api';
import {
  DRILL_SORTS, DRILL_SOURCES, DURATION_BUCKET_NAMES, PAGE_DEFAULT_QUERY, WEAPON_KINDS, drillQueryString, parseDrillQuery,
  type DrillQuery,
} from '../contracts/drillBrowser';
import { DRILL_DIFFICULTIES, DRILL_FAMILIES, ROOM_STYLES } from '../contracts/drillSchema';
import { useFetched } from './useFetched';
import { PageShell } from './PageShell';
import { PlaylistsSection } from './PlaylistsSection';
import { WhereToStart } from './WhereToStart';
import { formatScore } from './DrillSummary';
import './stats.css';
import './browser.css';

/** DrillList props. */
export interface DrillListProps {
  /** the fetch to use (tests) */
  fetchFn?: FetchFn;
  /** the page's query string to start from (default `location.search`) */
  search?: string;
  /** called with the page's new address whenever the query changes (default: replaces the
   * browser's address, so the filtered list is a shareable link) */
  onQueryChange?(url: string): void;
  /** the fetch of the Playlists and "Where to start" sections (issue 36 items 4 and 6; tests of
   * the list leave it out: the default) */
  sectionsFetch?: FetchFn;
}

/** How long typing in the search box waits before the list is fetched again (ms). */
export const SEARCH_DEBOUNCE_MS = 250;

/** The page's query from a query string (PAGE_DEFAULT_QUERY for what is absent; a bad query
 * falls back to the defaults). */
export function pageQueryOf(search: string): DrillQuery {
  const parsed = parseDrillQuery(new URLSearchParams(search), PAGE_DEFAULT_QUERY);
  return parsed.ok ? parsed.query : { ...PAGE_DEFAULT_QUERY };
}

const replaceUrl = (url: string) => window.history.replaceState(window.history.state, '', url);

/**
 * The drill browser (`/drills`, issue 36 item 2): search by name, filters (family, difficulty,
 * duration, weapon, room, source) and sort (most popular, newest, by id), all kept in the page's
 * URL (`/drills?q=grid&family=precision&sort=newest`, src/contracts/drillBrowser.ts). Each card
 * links to the game page `/?id=N` and shows the drill's tags, plays and players, the player's
 * best and leaderboard rank (a guest: where their best would place), the author of a community
 * drill with a Report button, and for the player's own drills Publish / Unpublish.
 */
export function DrillList({ fetchFn = defaultFetch, search, onQueryChange = replaceUrl, sectionsFetch = defaultFetch }: DrillListProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<DrillQuery>(() => pageQueryOf(search ?? window.location.search));
  // the search box's text; the query's `q` follows it after SEARCH_DEBOUNCE_MS
  const [text, setText] = useState(query.q ?? '');
  const [reload, setReload] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const q = text.trim() || undefined;
    if (q === query.q) return;
    const timer = setTimeout(() => setQuery((old) => ({ ...old, q })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, query.q]);

  const pageUrl = `/drills${drillQueryString(query, PAGE_DEFAULT_QUERY)}`;
  useEffect(() => {
    onQueryChange(pageUrl);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageUrl]);

  const key = useMemo(() => `${JSON.stringify(query)}#${reload}`, [query, reload]);
  const result = useFetched<DrillListItem[]>(() => fetchDrills(fetchFn, query), key);

  const set = (k: keyof DrillQuery, v: string) => setQuery((old) => ({ ...old, [k]: v === '' ? undefined : v }));
  const clear = () => {
    setText('');
    setQuery({ ...PAGE_DEFAULT_QUERY });
  };

  const act = async (what: () => Promise<unknown>, done: string) => {
    try {
      await what();
      setNotice(done);
      setReload((n) => n + 1);
    } catch (e) {
      const err = e as { serverMessage?: string | null; message?: string };
      setNotice(err.serverMessage || err.message || String(e));
    }
  };

  const select = (k: 'family' | 'difficulty' | 'duration' | 'weapon' | 'room', values: readonly string[]) => (
    <label className="browser__field">
      <span>{t(`drills.browser.${k}`)}</span>
      <select value={query[k] ?? ''} onChange={(e) => set(k, e.target.value)} data-testid={`filter-${k}`}>
        <option value="">{t('drills.browser.any')}</option>
        {values.map((v) => (
          <option key={v} value={v}>{t(`drills.browser.${k}_values.${v}`, { defaultValue: v })}</option>
        ))}
      </select>
    </label>
  );

  return (
    <PageShell>
      <section className="page page--browser">
        <div className="browser__head">
          <h1>{t('drills.title')}</h1>
          {result.status === 'ok' && <span className="muted" data-testid="drill-count">{t('drills.browser.count', { count: result.data.length })}</span>}
          <label className="browser__field browser__field--sort">
            <span>{t('drills.browser.sort')}</span>
            <select value={query.sort} onChange={(e) => set('sort', e.target.value)} data-testid="drill-sort">
              {DRILL_SORTS.map((v) => <option key={v} value={v}>{t(`drills.browser.sort_values.${v}`)}</option>)}
            </select>
          </label>
        </div>
        <WhereToStart fetchFn={sectionsFetch} hasRuns={result.status === 'ok' ? result.data.some((d) => typeof d.best_score === 'number') : null} />
        <form className="browser__filters" role="search" onSubmit={(e) => e.preventDefault()} data-testid="drill-filters">
          <label className="browser__field browser__field--search">
            <span>{t('drills.browser.search')}</span>
            <input type="search" value={text} maxLength={64} placeholder={t('drills.browser.search_placeholder')} onChange={(e) => setText(e.target.value)} data-testid="drill-search" />
          </label>
          {select('family', DRILL_FAMILIES)}
          {select('difficulty', DRILL_DIFFICULTIES)}
          {select('duration', DURATION_BUCKET_NAMES)}
          {select('weapon', WEAPON_KINDS)}
          {select('room', ROOM_STYLES)}
          <label className="browser__field">
            <span>{t('drills.browser.source')}</span>
            <select value={query.source} onChange={(e) => set('source', e.target.value)} data-testid="filter-source">
              {DRILL_SOURCES.map((v) => <option key={v} value={v}>{t(`drills.browser.source_values.${v}`)}</option>)}
            </select>
          </label>
          <button type="button" className="btn btn--small browser__clear" onClick={clear} data-testid="filter-clear">{t('drills.browser.clear')}</button>
        </form>
        {notice && <p className="muted browser__notice" role="status" data-testid="browser-notice">{notice}</p>}
        {result.status === 'loading' && <p className="muted">{t('drills.loading')}</p>}
        {result.status === 'error' && (
          <p className="error-text" role="alert">
            {t('drills.error', { message: result.message })}
          </p>
        )}
        {result.status === 'ok' && result.data.length === 0 && <p className="muted" data-testid="drill-none">{t('drills.browser.none')}</p>}
        {result.status === 'ok' && result.data.length > 0 && (
          <ul className="browser__grid drill-list" data-testid="drill-list">
            {result.data.map((d) => (
              <li key={d.id} className="browser__card" data-testid={`drill-card-${d.id}`}>
                <a href={`/?id=${d.id}`} className="browser__name">{d.name}</a>
                <div className="browser__tags">
                  {d.family && <span className="tag" data-testid="drill-family">{t(`drills.browser.family_values.${d.family}`, { defaultValue: d.family })}</span>}
                  {d.difficulty && <span className={`tag tag--${d.difficulty}`}>{t(`drills.browser.difficulty_values.${d.difficulty}`)}</span>}
                  {typeof d.duration === 'number' && <span className="tag">{t('drills.seconds', { seconds: Math.round(d.duration / 1000) })}</span>}
                  {d.weapon && <span className="tag">{t(`drills.browser.weapon_values.${d.weapon}`)}</span>}
                  {d.room && <span className="tag">{t(`drills.browser.room_values.${d.room}`, { defaultValue: d.room })}</span>}
                </div>
                {d.objective && <p className="muted browser__objective">{d.objective}</p>}
                <div className="browser__facts">
                  {d.source === 'community' && d.author && <span data-testid="drill-author">{t('drills.browser.by', { author: d.author })}</span>}
                  {typeof d.players === 'number' && (
                    <span data-testid="drill-popularity">{t('drills.browser.players', { count: d.players })} · {t('drills.browser.plays', { count: d.plays ?? 0 })}</span>
                  )}
                </div>
                {/* issue 15: the player's best and rank (the leaderboard's rules) */}
                <div className="drill-list__stats" data-testid={`drill-stats-${d.id}`}>
                  {typeof d.best_score === 'number' && (
                    <span data-testid="drill-best">
                      {t('stats.drills_rank.best', { best: `${formatScore(d.primary_metric ?? '', d.best_score)} ${t(`stats.summary.score_unit.${d.primary_metric}`, { defaultValue: '' })}`.trim() })}
                    </span>
                  )}
                  {typeof d.leaderboard_rank === 'number' && (
                    <span data-testid="drill-rank">{t('stats.drills_rank.rank', { rank: d.leaderboard_rank })}</span>
                  )}
                  <a href={`/app/#/leaderboard?drill=${d.id}`}>{t('stats.drills_rank.leaderboard')}</a>
                  {/* issue 17: the drill editor, starting from this drill */}
                  <a href={`/app/#/editor?from=${d.id}`} data-testid={`edit-copy-${d.id}`}>{t('drills.edit_copy')}</a>
                </div>
                {(d.mine || (d.source === 'community' && !d.mine)) && (
                  <div className="browser__actions">
                    {d.mine && d.hidden && <span className="error-text" data-testid="drill-hidden">{t('drills.browser.hidden')}</span>}
                    {d.mine && (
                      <button
                        type="button" className="btn btn--small" data-testid={`publish-${d.id}`}
                        onClick={() => void act(() => setDrillPublished(fetchFn, d.id, !d.published_at), t(d.published_at ? 'drills.browser.unpublished' : 'drills.browser.published'))}
                      >
                        {t(d.published_at ? 'drills.browser.unpublish' : 'drills.browser.publish')}
                      </button>
                    )}
                    {!d.mine && d.source === 'community' && (
                      <button
                        type="button" className="btn btn--small btn--ghost" disabled={d.reported} data-testid={`report-${d.id}`}
                        onClick={() => void act(() => reportDrill(fetchFn, d.id), t('drills.browser.reported'))}
                      >
                        {t(d.reported ? 'drills.browser.reported_already' : 'drills.browser.report')}
                      </button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {/* playlists under the drill grid: the search, the filters and the first row of drills
            stay above the fold at 1280x720 (drillBrowser e2e) */}
        <PlaylistsSection fetchFn={sectionsFetch} />
      </section>
    </PageShell>
  );
}

export default DrillList;
