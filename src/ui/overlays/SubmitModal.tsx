import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { runActions, showSubmitModal } from '../../state/run/runSlice';

/** The 'Calculating Result' modal gives up waiting after this long, ms (issue 14 item 4). */
export const SUBMIT_TIMEOUT_MS = 15_000;

/**
 * 'Calculating Result' while the finished run is posted (shown from game-complete until the run
 * is stored, then the summary opens). After `timeoutMs` (default SUBMIT_TIMEOUT_MS) without an
 * answer it stops spinning, says the server is not answering and that the run is saved on this
 * device and will be sent (src/net/outbox.ts keeps retrying with backoff; when the device's
 * storage refused it: to keep the page open), and offers Retry
 * (run/submitRetryRequested: post now); the time-out starts again after a Retry.
 */
export function SubmitModal({ timeoutMs = SUBMIT_TIMEOUT_MS }: { timeoutMs?: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const visible = useAppSelector(showSubmitModal);
  const savedOnDevice = useAppSelector((s) => s.run.submitSavedOnDevice !== false);
  const [timedOut, setTimedOut] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!visible) return;
    setTimedOut(false);
    const handle = setTimeout(() => setTimedOut(true), timeoutMs);
    return () => clearTimeout(handle);
  }, [visible, attempt, timeoutMs]);
  if (!visible) return null;
  return (
    <div
      className="overlay overlay--center overlay--dim"
      data-testid="submit-modal"
      role="dialog"
      aria-modal="true"
      aria-busy={!timedOut}
      aria-labelledby="submit-modal-title"
    >
      <div className="panel panel--narrow">
        {!timedOut && <div className="spinner" aria-hidden="true" />}
        <h2 className="panel__title" id="submit-modal-title">{t('submit.calculating')}</h2>
        {timedOut ? (
          <>
            <p role="status" data-testid="submit-timeout">{t('submit.not_answering')}</p>
            <p className="muted" data-testid="submit-saved">{t(savedOnDevice ? 'submit.saved_on_device' : 'submit.keep_page_open')}</p>
            <button
              type="button"
              className="btn btn--primary"
              autoFocus
              onClick={() => {
                setAttempt((n) => n + 1);
                dispatch(runActions.submitRetryRequested());
              }}
            >
              {t('submit.retry')}
            </button>
          </>
        ) : (
          <p className="muted">{t('submit.please_wait')}</p>
        )}
      </div>
    </div>
  );
}
