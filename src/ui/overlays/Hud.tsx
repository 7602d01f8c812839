import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n';
import { PRIMARY_METRICS, type PrimaryMetric } from '../../contracts/constants';
import { useAppSelector } from '../../state/hooks';
import { showHud } from '../../state/run/runSlice';
import { formatAccuracy, formatRemaining } from '../format';
import { clipView, hudTiles, objectiveView } from '../hudModel';

const metricOf = (m: string | undefined): PrimaryMetric =>
  (PRIMARY_METRICS as readonly string[]).includes(m ?? '') ? (m as PrimaryMetric) : 'targets_destroyed';

/**
 * The HUD while the round runs, as the player's HUD options say (spec section 3):
 * - stats 1: the remaining time (m:ss.s, return-to-centre pauses included); stats 2 (regular):
 *   the tiles of the drill in hand (src/ui/hudModel.ts hudTiles, issue 35): a tracking drill
 *   time on target % and damage, a clicking drill kills, accuracy and kill time; what the drill
 *   scores always shows (the objective is never a number the player cannot see: drills 140 and
 *   153 are judged by crit %);
 *   `fps` adds the frame-rate counter;
 * - the clip HUD (`clip`, drills with 0 < clip < 99999): one segment per round up to 10, one
 *   segment above, and the reload's progress;
 * - the objective bar (`objective_bar`, drills with tiers): the score toward the next threshold,
 *   its colour by thresholds met (it falls back when the score drops);
 * - `status_bar_size` (0.6-1.4) scales both bars.
 */
export function Hud() {
  const { t } = useTranslation();
  const visible = useAppSelector(showHud);
  const hud = useAppSelector((s) => s.hud);
  const prefs = useAppSelector((s) => s.run.hudPrefs);
  const drill = useAppSelector((s) => s.run.drill);
  if (!visible || !prefs.enabled) return null;

  const item = (label: string, testId: string, value: string, unit?: string) => (
    <div className="hud__item" key={testId}>
      <span className="hud__label">{label}</span>
      <span className="hud__value">
        <span data-testid={testId}>{value}</span>
        {unit ? <span className="hud__unit">{unit}</span> : null}
      </span>
    </div>
  );
  const primary = metricOf(drill?.primaryMetric);
  const stats = hudTiles(drill ? { ...drill, primaryMetric: primary } : null, prefs).map((tile) => {
    switch (tile) {
      case 'time': return item(t('hud.time'), 'hud-time', formatRemaining(hud.remainingMs));
      case 'on_target': return item(t('hud.on_target'), 'hud-on-target', formatAccuracy(hud.accuracy), '%');
      case 'damage': return item(t('hud.damage'), 'hud-damage', String(Math.round(hud.damage)));
      case 'targets': return item(t('hud.targets'), 'hud-targets', String(hud.targetsDestroyed));
      case 'accuracy': return item(t('hud.accuracy'), 'hud-accuracy', formatAccuracy(hud.accuracy), '%');
      case 'time_destroy': {
        // no kill yet: no time to kill (not "0 ms")
        const killed = hud.targetsDestroyed > 0 && hud.timeDestroyMs > 0;
        return item(t('hud.time_destroy'), 'hud-time-destroy', killed ? String(Math.round(hud.timeDestroyMs)) : '–', killed ? 'ms' : undefined);
      }
      case 'crit': return item(t('hud.crit'), 'hud-crit', formatAccuracy(hud.critPercent), '%');
      case 'fps': return item(t('hud.fps'), 'hud-fps', String(Math.round(hud.fps)));
    }
  });
  const clip = prefs.clip ? clipView(hud.clip) : null;
  const objective = prefs.objectiveBar && drill ? objectiveView(primary, drill.tiers, hud) : null;
  const scale = { '--status-bar-size': String(prefs.statusBarSize) } as CSSProperties;

  return (
    <>
      {stats.length > 0 || objective ? (
        <div className="hud" data-testid="hud" style={scale}>
          {stats.length > 0 ? <div className="hud__stats">{stats}</div> : null}
          {objective ? (
            <div
              className="hud-objective"
              data-testid="hud-objective"
              data-level={objective.level}
              role="meter"
              aria-label={t('hud.objective')}
              aria-valuemin={0}
              aria-valuemax={objective.tiers}
              aria-valuenow={objective.level + objective.fraction}
            >
              <div className="hud-objective__track">
                <div
                  className="hud-objective__fill"
                  data-testid="hud-objective-fill"
                  style={{ width: `${(objective.fraction * 100).toFixed(1)}%`, background: objective.colour }}
                />
              </div>
              <span className="hud-objective__text">
                {objective.next === null
                  ? t('hud.objective_done')
                  : t('hud.objective_next', { level: objective.level, tiers: objective.tiers, next: objective.next })}
              </span>
            </div>
          ) : null}
        </div>
      ) : null}
      {clip ? (
        <div className="hud-clip" data-testid="hud-clip" style={scale} aria-label={t('hud.clip')}>
          <span className="hud-clip__count" data-testid="hud-clip-count">
            {clip.remaining}
            <span className="hud__unit">/{clip.size}</span>
          </span>
          <div className="hud-clip__segments">
            {Array.from({ length: clip.segments }, (_, i) => (
              <span
                key={i}
                className={`hud-clip__segment${i < clip.filled ? ' hud-clip__segment--full' : ''}`}
                data-testid="hud-clip-segment"
                style={clip.segments === 1 ? { ['--fill' as string]: String(clip.fraction) } : undefined}
              />
            ))}
          </div>
          {clip.reloadFraction !== null ? (
            <div className="hud-clip__reload" data-testid="hud-clip-reload">
              <span>{t('hud.reloading')}</span>
              <div className="hud-clip__reload-track">
                <div style={{ width: `${(clip.reloadFraction * 100).toFixed(1)}%` }} />
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
