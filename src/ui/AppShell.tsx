import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n';
import { DrillSummary } from './DrillSummary';
import { PageShell } from './PageShell';
import { ProgressPage } from './ProgressPage';
import { LeaderboardPage } from './LeaderboardPage';
import { LazyChunk } from './LazyChunk';
import { LeaderboardIndex } from './nav/LeaderboardIndex';
import { BenchmarkPage } from './BenchmarkPage';
import { SensFinderPage } from './SensFinderPage';

// issue 17: the drill editor is a chunk of its own (it carries the drill schema and checker)
const DrillEditor = (props: { from: number | null }) => (
  <LazyChunk chunk="drill-editor" load={() => import('./DrillEditor').then((m) => m.default)} props={props} />
);

/** A hash route of the host app: its path and query. */
export interface HashRoute {
  path: string;
  params: URLSearchParams;
}

/** Parses '#/drill-summary?run=5' into { path: '/drill-summary', params }. */
export function parseHashRoute(hash: string): HashRoute {
  const h = hash.replace(/^#/, '');
  const q = h.indexOf('?');
  const path = (q < 0 ? h : h.slice(0, q)) || '/';
  return { path, params: new URLSearchParams(q < 0 ? '' : h.slice(q + 1)) };
}

/** AppShell props. */
export interface AppShellProps {
  /** the location hash to route by; defaults to (and follows) `location.hash` */
  hash?: string;
}

/** The host-app shell at /app/: hash routes `#/drill-summary?run=N[&source=S]` (the drill
 * summary of stored run N, readable by the player who made it; `?id=N` works too; embeddable in
 * a host's iframe), `#/` and `#/progress` (the player's progress: recent runs, every drill played,
 * time trained, the drill list link; issue 15), `#/leaderboard?drill=N[&offset=K|&around=me]` and
 * `#/editor[?from=N]` (the drill editor, issue 17: src/ui/DrillEditor.tsx), `#/benchmarks` (benchmark
 * ranks, issue 36: src/ui/BenchmarkPage.tsx), `#/sens-finder[?cm=..&dpi=..&drill=N]` (the
 * sensitivity finder's start page, issue 37 item 6: src/ui/SensFinderPage.tsx). */
export function AppShell({ hash }: AppShellProps) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(() => hash ?? window.location.hash);
  useEffect(() => {
    if (hash !== undefined) {
      setCurrent(hash);
      return;
    }
    const onChange = () => setCurrent(window.location.hash);
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, [hash]);

  const route = parseHashRoute(current);
  let body;
  if (route.path === '/drill-summary') {
    // `run` names the stored run (`id` is its older name); `source` is kept for "Play again"
    const raw = route.params.get('run') ?? route.params.get('id');
    const id = raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
    body = <DrillSummary id={id} source={route.params.get('source')} />;
  } else if (route.path === '/' || route.path === '' || route.path === '/progress') {
    // issue 15: home = the player's progress (recent runs, every drill played, the drill list)
    body = <ProgressPage />;
  } else if (route.path === '/leaderboard') {
    const drill = route.params.get('drill');
    const offset = route.params.get('offset');
    body = drill === null ? <LeaderboardIndex /> : (
      <LeaderboardPage
        drillId={drill !== null && /^\d{1,10}$/.test(drill) ? Number(drill) : null}
        offset={offset !== null && /^\d{1,7}$/.test(offset) ? Number(offset) : 0}
        around={route.params.get('around') === 'me'}
      />
    );
  } else if (route.path === '/benchmarks') {
    // issue 36 item 3: benchmark ranks
    body = <BenchmarkPage />;
  } else if (route.path === '/sens-finder') {
    // issue 37 item 6: the sensitivity finder's start page (its rounds play on the game page)
    body = <SensFinderPage params={route.params} />;
  } else if (route.path === '/editor') {
    const from = route.params.get('from');
    body = <DrillEditor from={from !== null && /^\d{1,10}$/.test(from) ? Number(from) : null} />;
  } else {
    body = (
      <section className="page">
        <p>{t('host.not_found')}</p>
        <a className="btn" href="/drills">
          {t('summary.drill_list')}
        </a>
      </section>
    );
  }
  return <PageShell>{body}</PageShell>;
}

export default AppShell;
