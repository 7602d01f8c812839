import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import '../../i18n';
import { CROSSHAIR_TYPES, type CrosshairType } from '../../contracts/crosshair';
import type { CrosshairRootState } from '../../state/crosshair/crosshairSlice';
import './crosshairEditor.css';

/** CrosshairEditorList props. */
export interface CrosshairEditorListProps {
  /** opens the editor of `type` (CrosshairEditorPage) */
  onOpen(type: CrosshairType): void;
}

/**
 * The four crosshair editors (crosshair, hit marker, miss marker, scoped crosshair) as a list
 * of buttons (`data-testid="crosshair-open-{type}"`), each marked Custom / Built-in once its
 * setting is loaded. Works with or without the `crosshair` slice in the store.
 */
export function CrosshairEditorList({ onOpen }: CrosshairEditorListProps) {
  const { t } = useTranslation();
  const entries = useSelector((s: Partial<CrosshairRootState>) => s.crosshair?.entries);
  return (
    <div className="xh-list" data-testid="crosshair-editor-list">
      <h3 className="xh-list__title">{t('crosshair.list_title')}</h3>
      <ul>
        {CROSSHAIR_TYPES.map((type) => {
          const e = entries?.[type];
          const known = e && e.load === 'loaded';
          return (
            <li key={type}>
              <button type="button" className="btn xh-list__item" data-testid={`crosshair-open-${type}`} onClick={() => onOpen(type)}>
                <span>{t(`crosshair.types.${type}`)}</span>
                {known && <span className="muted">{e.stored.enabled ? t('crosshair.custom_on') : t('crosshair.custom_off')}</span>}
                <span aria-hidden="true">›</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
