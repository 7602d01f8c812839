import { useTranslation } from 'react-i18next';
import '../../i18n';
import { useAppSelector } from '../../state/hooks';
import { showHud } from '../../state/run/runSlice';
import { formatAccuracy, formatRemaining } from '../format';

/** The HUD while the round runs: remaining time (m:ss.s), targets destroyed, accuracy %, as
 * the player's HUD options say (stats 0 none, 1 timer, 2 regular; optional FPS counter). */
export function Hud() {
  const { t } = useTranslation();
  const visible = useAppSelector(showHud);
  const remainingMs = useAppSelector((s) => s.hud.remainingMs);
  const targets = useAppSelector((s) => s.hud.targetsDestroyed);
  const accuracy = useAppSelector((s) => s.hud.accuracy);
  const fps = useAppSelector((s) => s.hud.fps);
  const prefs = useAppSelector((s) => s.run.hudPrefs);
  if (!visible || !prefs.enabled) return null;
  const timer = (
    <div className="hud__item">
      <span className="hud__label">{t('hud.time')}</span>
      <span className="hud__value" data-testid="hud-time">
        {formatRemaining(remainingMs)}
      </span>
    </div>
  );
  const stats = (
    <>
      <div className="hud__item">
        <span className="hud__label">{t('hud.targets')}</span>
        <span className="hud__value" data-testid="hud-targets">
          {targets}
        </span>
      </div>
      <div className="hud__item">
        <span className="hud__label">{t('hud.accuracy')}</span>
        <span className="hud__value">
          <span data-testid="hud-accuracy">{formatAccuracy(accuracy)}</span>%
        </span>
      </div>
    </>
  );
  return (
    <div className="hud" data-testid="hud">
      {prefs.stats >= 1 && timer}
      {prefs.stats >= 2 && stats}
      {prefs.fps && (
        <div className="hud__item">
          <span className="hud__label">{t('hud.fps')}</span>
          <span className="hud__value" data-testid="hud-fps">
            {Math.round(fps)}
          </span>
        </div>
      )}
    </div>
  );
}
