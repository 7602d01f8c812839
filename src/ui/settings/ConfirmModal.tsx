import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../a11y';
import type { SettingsStatus } from '../../state/settings/settingsSlice';

/** ConfirmModal props. */
export interface ConfirmModalProps {
  /** the last save's result: 'saved' and 'failed' are shown */
  status: SettingsStatus;
  saving: boolean;
  onSave(): void;
  onRevert(): void;
  /** closes the modal and stays in the menu */
  onCancel(): void;
}

/**
 * The confirm-settings modal (spec sections 2 and 4): 'You have unsaved changes.' with Save and
 * Revert; after a save it reads 'Saved' or 'Failed to save'.
 */
export function ConfirmModal({ status, saving, onSave, onRevert, onCancel }: ConfirmModalProps) {
  const { t } = useTranslation();
  const done = status === 'saved';
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref);
  return (
    <div ref={ref} className="overlay overlay--center overlay--dim settings-confirm" data-testid="confirm-modal" role="alertdialog" aria-modal="true" aria-labelledby="settings-confirm-title" aria-describedby="settings-confirm-text">
      <div className="panel panel--narrow menu">
        <h2 className="panel__title" id="settings-confirm-title">
          {t('settings.confirm.title')}
        </h2>
        <p id="settings-confirm-text" data-testid="confirm-text">
          {t('settings.confirm.text')}
        </p>
        {status !== 'none' ? (
          <p className={status === 'failed' ? 'error-text' : 'settings-ok'} role="status" data-testid="confirm-status">
            {t(`settings.status.${status}`)}
          </p>
        ) : null}
        {!done ? (
          <>
            <button type="button" className="btn btn--primary" data-testid="confirm-save" disabled={saving} onClick={onSave} autoFocus>
              {saving ? t('settings.saving') : t('settings.confirm.save')}
            </button>
            <button type="button" className="btn" data-testid="confirm-revert" disabled={saving} onClick={onRevert}>
              {t('settings.confirm.revert')}
            </button>
          </>
        ) : null}
        <button type="button" className="btn" data-testid="confirm-close" disabled={saving} onClick={onCancel}>
          {t('settings.confirm.close')}
        </button>
      </div>
    </div>
  );
}
