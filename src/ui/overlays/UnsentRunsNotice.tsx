import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n';
import { OUTBOX_CHANGED_EVENT, outboxFor, type OutboxEntry } from '../../net/outbox';
import { useAppSelector } from '../../state/hooks';
import { showHud } from '../../state/run/runSlice';

/**
 * Runs of this device the server refused for good (src/net/outbox.ts `failedEntries`: a 4xx),
 * so none is dropped without the player knowing (issue 14 item 4): "A saved run could not be
 * sent: {reason}" (or the count and the last reason) with a Dismiss button that removes them.
 * Hidden while a round runs; re-read when the outbox changes (this tab: OUTBOX_CHANGED_EVENT,
 * other tabs: the storage event). Its clicks never reach the game (no countdown start).
 */
export function UnsentRunsNotice() {
  const { t } = useTranslation();
  const running = useAppSelector(showHud);
  const [failed, setFailed] = useState<OutboxEntry[]>(() => outboxFor().failedEntries());
  useEffect(() => {
    const refresh = () => setFailed(outboxFor().failedEntries());
    window.addEventListener(OUTBOX_CHANGED_EVENT, refresh);
    window.addEventListener('storage', refresh);
    return () => {
      window.removeEventListener(OUTBOX_CHANGED_EVENT, refresh);
      window.removeEventListener('storage', refresh);
    };
  }, []);
  if (running || failed.length === 0) return null;
  const last = failed[failed.length - 1].failed!;
  const reason = last.message || `HTTP ${last.status}`;
  return (
    <div
      className="notice notice--top notice--unsent"
      data-testid="unsent-runs-notice"
      role="status"
      onMouseDown={(e) => e.stopPropagation()}
    >
      <span>{t('outbox.failed', { count: failed.length, reason })}</span>{' '}
      <button
        type="button"
        className="btn"
        onClick={() => {
          const box = outboxFor();
          for (const e of failed) box.dismissFailed(e.key);
          setFailed(box.failedEntries());
        }}
      >
        {t('outbox.dismiss')}
      </button>
    </div>
  );
}

export default UnsentRunsNotice;
