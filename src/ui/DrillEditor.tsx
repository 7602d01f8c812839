/**
 * The drill editor (issue 17 item 4), `/app/#/editor?from=N`: starts from drill N (a catalogue
 * drill or one of the player's own; default the test drill 2033), edits its fields in groups
 * (EDITOR_GROUPS: spawn mode, targets, size, speed, movement, lifetime, health, weapon,
 * duration, thresholds) with the ranges of the drill schema (`fieldRule`), checks the draft on
 * every change with the very function the server saves with (`validateCustomDrill`: the schema,
 * then parseDrillConfig) and shows each problem under its field. "Preview" plays the draft in
 * the game page (an iframe of `/?id=N&preview=1`, reading the draft from sessionStorage
 * PREVIEW_DRAFT_KEY; unranked, nothing stored) and restarts it when a field changes. "Save as new
 * drill" (`POST /api/v1/drills`, an account needed) gives the new id with a Play link; "Save
 * changes" (`PUT`) edits one of the player's own. "My drills" lists the player's drills.
 *
 * This file is the page; its data and actions are `useDrillEditor` (drillEditor/useDrillEditor.ts),
 * its parts are in drillEditor/drillEditorViews.tsx.
 */
import { useTranslation } from 'react-i18next';
import '../i18n';
import './stats.css';
import './drillEditor.css';
import { defaultFetch, type FetchFn } from '../net/api';
import { useDrillEditor } from './drillEditor/useDrillEditor';
import { DrillEditorForm, MyDrillsList, PreviewPane, StartFromSelect } from './drillEditor/drillEditorViews';

export { PREVIEW_RELOAD_DELAY_MS, editorHref } from './drillEditor/useDrillEditor';

/** DrillEditor props: the drill to start from (null: TEST_DRILL_ID) and the fetch (tests). */
export interface DrillEditorProps {
  from: number | null;
  fetchFn?: FetchFn;
}

/** See the file comment. */
export function DrillEditor({ from, fetchFn = defaultFetch }: DrillEditorProps) {
  const { t } = useTranslation();
  const m = useDrillEditor(from, fetchFn);
  const { baseId, base, draft, preview } = m;
  return (
    <section className="page page--wide drill-editor" data-testid="drill-editor">
      <h1>{t('editor.title')}</h1>
      <p className="muted drill-editor__lead">{t('editor.lead')}</p>
      <StartFromSelect m={m} />

      {base.status === 'loading' && <p className="muted">{t('editor.loading')}</p>}
      {base.status === 'error' && (
        <p className="error-text" role="alert">
          {t('editor.load_error', { id: baseId, message: base.message })}
        </p>
      )}
      {draft && <DrillEditorForm m={m} />}

      {preview !== null && <PreviewPane baseId={baseId} preview={preview} onClose={m.closePreview} />}

      <MyDrillsList m={m} />
    </section>
  );
}

export default DrillEditor;
