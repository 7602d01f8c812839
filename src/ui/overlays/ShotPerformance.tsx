import { useTranslation } from 'react-i18next';
import '../../i18n';
import { useAppSelector } from '../../state/hooks';
import { showHud } from '../../state/run/runSlice';

/**
 * The shot-performance overlay (spec section 2: only when analysis mode is on and after the
 * countdown; issue 15 item 4): the last shots, newest first, each with hit / miss (crit), the
 * time since its target spawned (ms), late or on time, and the path efficiency of the aim so
 * far in the segment (%). Numbers: src/game/shotFeed.ts. Bottom left, clear of the HUD and the
 * clip HUD. Path efficiency is one of the four premium metrics (spec sections 1 and 3, issue 13
 * item 3): a player who is not premium sees it locked, with a link to /plus.
 */
export function ShotPerformance() {
  const { t } = useTranslation();
  const visible = useAppSelector(showHud);
  const analysis = useAppSelector((s) => s.run.drill?.analysisMode === true);
  const shots = useAppSelector((s) => s.hud.shotFeed);
  const premium = useAppSelector((s) => s.run.drill?.premium === true);
  if (!visible || !analysis) return null;
  return (
    <section className="shot-perf" data-testid="shot-performance" aria-label={t('shot_performance.title')}>
      <h2 className="shot-perf__title">{t('shot_performance.title')}</h2>
      {shots.length === 0 ? (
        <p className="shot-perf__empty">{t('shot_performance.empty')}</p>
      ) : (
        <ol className="shot-perf__list">
          {[...shots].reverse().map((s) => (
            <li key={s.n} className={`shot-perf__row ${s.hit ? 'is-hit' : 'is-miss'}`} data-testid="shot-performance-row">
              <span className="shot-perf__n">#{s.n}</span>
              <span className="shot-perf__result">{s.hit ? (s.crit ? t('shot_performance.crit') : t('shot_performance.hit')) : t('shot_performance.miss')}</span>
              <span className="shot-perf__ms">{s.sinceSpawnMs === null ? '–' : `${Math.round(s.sinceSpawnMs)} ms`}</span>
              <span className={`shot-perf__timing ${s.late ? 'is-late' : ''}`}>
                {s.late === null ? '' : s.late ? t('shot_performance.late') : t('shot_performance.on_time')}
              </span>
              {premium ? (
                <span className="shot-perf__eff" title={t('shot_performance.efficiency_title')}>
                  {s.pathEfficiency === null ? '–' : `${s.pathEfficiency} %`}
                </span>
              ) : (
                <span className="shot-perf__eff is-locked" data-testid="shot-performance-locked" title={t('shot_performance.locked_title')}>
                  {t('shot_performance.locked')}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {!premium && (
        <a className="shot-perf__upsell" href="/plus" data-testid="shot-performance-upsell">{t('shot_performance.upsell')}</a>
      )}
    </section>
  );
}
