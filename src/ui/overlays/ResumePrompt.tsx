import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n';
import { LOCK_CLICK_EVENT, type LockClickDetail } from '../../input/lockClickEvent';
import { useAppSelector } from '../../state/hooks';
import { ProjectState } from '../../contracts/projectState';

/**
 * 'Click to resume' (issue 33 item 6): in a browser a resumed round (the pause menu's Resume, the
 * host's `resume()`) has no pointer lock until the player clicks, and that click takes the lock
 * back without firing (src/input/PointerLockInput.ts lockOnNextClick). This prompt shows for as
 * long as the input recorder says it waits for that click (window event LOCK_CLICK_EVENT,
 * src/input/lockClickEvent.ts) and the round runs. It takes no clicks itself
 * (pointer-events: none): the click goes to the game, anywhere on the page.
 */
export function ResumePrompt() {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState(false);
  const running = useAppSelector((s) => s.run.projectState === ProjectState.GameRunning);
  useEffect(() => {
    const onEvent = (e: Event) => setWaiting((e as CustomEvent<LockClickDetail>).detail?.waiting === true);
    window.addEventListener(LOCK_CLICK_EVENT, onEvent);
    return () => window.removeEventListener(LOCK_CLICK_EVENT, onEvent);
  }, []);
  if (!waiting || !running) return null;
  return (
    <div className="start start--resume" data-testid="resume-prompt" role="status">
      <p className="start__title">{t('instructions.click_to_resume')}</p>
      <p className="start__hint">{t('instructions.click_to_resume_hint')}</p>
    </div>
  );
}

export default ResumePrompt;
