import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n';
import './settings/settings.css';
import { YAW_DEG_PER_COUNT } from '../contracts/constants';
import { defaultFetch, fetchGameOptions, type FetchFn } from '../net/api';
import { cm360Enabled, cmPer360, isValidDpi } from '../sensitivity/convert';
import { FINDER_DEFAULTS, planSession } from '../sensitivity/finder';

/** The drills a finder session can use: short (45 s) catalogue drills whose score depends on
 * flicks of every distance (drills/<id>.json). The first is the default. */
export const FINDER_DRILLS: ReadonlyArray<{ id: number; name: string }> = [
  { id: 234, name: 'Wide Flicks' },
  { id: 152, name: 'Alternating Sides' },
  { id: 201, name: 'Gridshot Speed' },
];

/** The session lengths offered: each of the 5 levels played `repeats` times. */
export const FINDER_REPEATS = [2, 3] as const;

/** A fresh uint32 session seed from the browser's crypto source (the page's choice, not the
 * engine's: the schedule is then fixed by it). */
function newSeed(): number {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

/** The game-page URL of a finder session (src/state/drillQuery.ts parseFinderQuery). */
export function finderSessionHref(o: { drillId: number; seed: number; centreCm360: number; dpi: number; repeats: number }): string {
  return `/?id=${o.drillId}&finder=${o.seed}&cm=${o.centreCm360.toFixed(3)}&dpi=${o.dpi}&repeats=${o.repeats}`;
}

/** SensFinderPage props. */
export interface SensFinderPageProps {
  /** the route's query: `cm` (centre cm/360, "test again around"), `dpi`, `drill` (another drill id) */
  params: URLSearchParams;
  fetchFn?: FetchFn;
  /** goes to the session (default: location.assign) */
  navigate?(href: string): void;
}

/**
 * The sensitivity finder's start page (issue 37 item 6), `/app/#/sens-finder`: what the session
 * does, the player's sensitivity now (GET /gameoptions/edit) and its cm/360, the DPI (asked for
 * in place when the settings have none: the finder works in cm/360), the drill and the number of
 * rounds; Start opens the game page with a new seed (src/ui/GamePage.tsx plays the rounds).
 */
export function SensFinderPage({ params, fetchFn = defaultFetch, navigate = (h) => window.location.assign(h) }: SensFinderPageProps) {
  const { t } = useTranslation();
  const [sens, setSens] = useState<number | null>(null);
  const [dpiText, setDpiText] = useState(params.get('dpi') ?? '');
  const [loading, setLoading] = useState(true);
  const extraDrill = params.get('drill');
  const drills = extraDrill && /^\d{1,10}$/.test(extraDrill) && !FINDER_DRILLS.some((d) => d.id === Number(extraDrill))
    ? [{ id: Number(extraDrill), name: `#${extraDrill}` }, ...FINDER_DRILLS] : FINDER_DRILLS;
  const [drillId, setDrillId] = useState(drills[0].id);
  const [repeats, setRepeats] = useState<number>(FINDER_DEFAULTS.repeats);

  useEffect(() => {
    let alive = true;
    fetchGameOptions(fetchFn)
      .then((res) => {
        if (!alive) return;
        const c = res.controls ?? {};
        setSens(typeof c.mouse_sens === 'number' && c.mouse_sens > 0 ? c.mouse_sens : 1);
        if (params.get('dpi') === null && typeof c.mouse_dpi === 'number' && c.mouse_dpi > 0) setDpiText(String(c.mouse_dpi));
      })
      .catch((e: unknown) => {
        console.warn('Loading settings failed; the finder starts from sensitivity 1', e);
        if (alive) setSens(1);
      })
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [fetchFn, params]);

  const dpi = dpiText.trim() === '' ? null : Number(dpiText);
  const dpiOk = dpi !== null && cm360Enabled(dpi) && isValidDpi(dpi);
  const given = Number(params.get('cm'));
  const currentCm = dpiOk && sens !== null ? cmPer360(sens * YAW_DEG_PER_COUNT, dpi!) : null;
  const centre = Number.isFinite(given) && given > 0 ? given : currentCm;
  const plan = centre !== null ? planSession(0, centre, { repeats }) : null;
  const drillName = drills.find((d) => d.id === drillId)?.name ?? '';

  return (
    <section className="page sens-finder" data-testid="finder-page">
      <h1>{t('sens_finder.title')}</h1>
      <p className="sens-finder__intro">{t('sens_finder.intro')}</p>
      {loading ? <p className="muted">{t('sens_finder.loading')}</p> : (
        <div className="panel sens-finder__form">
          <p data-testid="finder-current">
            {currentCm !== null && sens !== null
              ? t('sens_finder.current', { sens, cm: currentCm.toFixed(1), dpi })
              : t('sens_finder.current_no_dpi', { sens })}
          </p>
          <div className="setting setting--number">
            <label className="setting__label" htmlFor="finder-dpi">{t('sens_finder.dpi')}</label>
            <input
              id="finder-dpi"
              type="number"
              min={100}
              step={100}
              className="setting__number"
              data-testid="finder-dpi"
              placeholder="800"
              value={dpiText}
              aria-invalid={dpiText !== '' && !dpiOk}
              onChange={(e) => setDpiText(e.currentTarget.value)}
            />
          </div>
          <div className="setting setting--select">
            <label className="setting__label" htmlFor="finder-drill">{t('sens_finder.drill')}</label>
            <select id="finder-drill" data-testid="finder-drill" value={drillId} onChange={(e) => setDrillId(Number(e.currentTarget.value))}>
              {drills.map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
            </select>
          </div>
          <div className="setting setting--select">
            <label className="setting__label" htmlFor="finder-rounds">{t('sens_finder.rounds')}</label>
            <select id="finder-rounds" data-testid="finder-rounds" value={repeats} onChange={(e) => setRepeats(Number(e.currentTarget.value))}>
              {FINDER_REPEATS.map((r) => (
                <option key={r} value={r}>{t('sens_finder.rounds_option', { rounds: r * FINDER_DEFAULTS.levels, repeats: r })}</option>
              ))}
            </select>
          </div>
          {plan ? (
            <p className="muted" data-testid="finder-how">
              {t('sens_finder.how', {
                rounds: plan.rounds.length, drill: drillName, levels: plan.levels.length, repeats,
                low: plan.levels[0].toFixed(1), high: plan.levels[plan.levels.length - 1].toFixed(1),
              })}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn--primary"
            data-testid="finder-start"
            disabled={!dpiOk || centre === null}
            onClick={() => centre !== null && dpiOk && navigate(finderSessionHref({ drillId, seed: newSeed(), centreCm360: centre, dpi: dpi!, repeats }))}
          >
            {t('sens_finder.start')}
          </button>
        </div>
      )}
    </section>
  );
}

export default SensFinderPage;
