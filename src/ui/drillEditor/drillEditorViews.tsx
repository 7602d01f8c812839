/**
 * The drill editor's views (the data: useDrillEditor.ts; the page: DrillEditor.tsx): the
 * "start from" select, one field with its hint and problem, the form of field groups with its
 * actions, the preview pane and the list of the player's drills.
 */
import { useTranslation } from 'react-i18next';
import { loginUrl } from '../../contracts/auth';
import { EDITOR_GROUPS, fieldRule, type EditorField } from '../../drill/customDrill';
import { editorHref, shown, type DrillEditorModel } from './useDrillEditor';

/** The select of the drill the editor starts from (a change opens the editor on that drill). */
export function StartFromSelect({ m }: { m: DrillEditorModel }) {
  const { t } = useTranslation();
  const { baseId, catalogue, mine } = m;
  return (
    <div className="editor-field editor-start">
      <label htmlFor="editor-from">{t('editor.start_from')}</label>
      <select id="editor-from" value={String(baseId)} onChange={(e) => window.location.assign(editorHref(Number(e.target.value)))}>
        <optgroup label={t('editor.catalogue')}>
          {catalogue.status === 'ok' && catalogue.data.map((d) => <option key={d.id} value={d.id}>{`${d.name} (${d.id})`}</option>)}
        </optgroup>
        {mine.status === 'ok' && mine.data.length > 0 && (
          <optgroup label={t('editor.mine')}>
            {mine.data.map((d) => <option key={d.id} value={d.id}>{`${d.name} (${d.id})`}</option>)}
          </optgroup>
        )}
        {catalogue.status === 'ok' && !catalogue.data.some((d) => d.id === baseId) && !(mine.status === 'ok' && mine.data.some((d) => d.id === baseId)) && (
          <option value={baseId}>{String(baseId)}</option>
        )}
      </select>
    </div>
  );
}

/** One field of the draft: its input (by kind), the schema's range as a hint, its problem. */
export function DrillFieldView({ field, m }: { field: EditorField; m: DrillEditorModel }) {
  const { t } = useTranslation();
  const { draft, texts, errors, setField } = m;
  const rule = fieldRule(field.key);
  const id = `editor-${field.key}`;
  const err = errors[field.key];
  const unit = t(`editor.unit.${field.key}`, { defaultValue: '' });
  const scale = field.scale ?? 1;
  let input;
  if (field.kind === 'boolean') {
    input = <input id={id} type="checkbox" checked={draft?.[field.key] === true} onChange={(e) => setField(field, e.target.checked)} />;
  } else if (field.kind === 'enum') {
    input = (
      <select id={id} value={shown(field, draft?.[field.key])} onChange={(e) => setField(field, e.target.value)} aria-invalid={!!err}>
        {rule.nullable && <option value="">{t('editor.default_option')}</option>}
        {(rule.options ?? []).map((o) => (
          <option key={String(o)} value={String(o)}>
            {String(o)}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'textarea') {
    input = <textarea id={id} rows={3} maxLength={rule.maxLength} value={String(draft?.[field.key] ?? '')} onChange={(e) => setField(field, e.target.value)} aria-invalid={!!err} />;
  } else if (field.kind === 'text') {
    input = <input id={id} type="text" maxLength={rule.maxLength} value={String(draft?.[field.key] ?? '')} onChange={(e) => setField(field, e.target.value)} aria-invalid={!!err} />;
  } else {
    input = (
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={rule.min !== undefined ? rule.min / scale : undefined}
        max={rule.max !== undefined ? rule.max / scale : undefined}
        step={rule.integer && scale === 1 ? 1 : 'any'}
        value={texts[field.key] ?? ''}
        onChange={(e) => setField(field, e.target.value)}
        aria-invalid={!!err}
        aria-describedby={`${id}-hint`}
      />
    );
  }
  const hint = [
    rule.min !== undefined && rule.max !== undefined ? t('editor.range', { min: rule.min / scale, max: rule.max / scale }) : '',
    field.kind === 'number' && rule.nullable
      ? t('editor.range_empty', { meaning: t(`editor.empty_meaning.${field.key}`, { defaultValue: t('editor.empty_meaning.default') }) })
      : field.kind === 'number' && typeof rule.default === 'number'
        ? t('editor.range_default', { value: rule.default / scale })
        : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className={`editor-field editor-field--${field.kind}${err ? ' is-invalid' : ''}`} data-testid={`field-${field.key}`}>
      <label htmlFor={id}>
        {t(`editor.field.${field.key}`)}
        {unit && <span className="muted"> ({unit})</span>}
      </label>
      {input}
      {field.kind === 'number' && hint && (
        <span id={`${id}-hint`} className="editor-field__hint muted">
          {hint}
        </span>
      )}
      {err && (
        <span className="editor-field__error error-text" role="alert" data-testid={`error-${field.key}`}>
          {err}
        </span>
      )}
    </div>
  );
}

/** The draft's form: the field groups, the problems of fields it does not show, the actions
 * (preview, save as new, save changes, log in), what a save answered. */
export function DrillEditorForm({ m }: { m: DrillEditorModel }) {
  const { t } = useTranslation();
  const { baseId, me, errors, errorCount, valid, saving, saved, saveError, preview, loggedIn, isMine, save, openPreview } = m;
  const nextUrl = editorHref(baseId);
  return (
    <form
      className="drill-editor__form"
      onSubmit={(e) => {
        e.preventDefault();
        void save(true);
      }}
      noValidate
    >
      <div className="drill-editor__groups">
        {EDITOR_GROUPS.map((g) => (
          <fieldset key={g.id} className="editor-group" data-testid={`group-${g.id}`}>
            <legend>{t(`editor.groups.${g.id}`)}</legend>
            {g.fields.map((f) => <DrillFieldView key={f.key} field={f} m={m} />)}
          </fieldset>
        ))}
      </div>
      {/* a problem of a field the form does not show (the engine's combinations) */}
      {Object.entries(errors)
        .filter(([f]) => !EDITOR_GROUPS.some((g) => g.fields.some((x) => x.key === f)))
        .map(([f, reason]) => (
          <p key={f} className="error-text" role="alert" data-testid={`error-${f}`}>
            {f}: {reason}
          </p>
        ))}
      <div className="actions drill-editor__actions">
        <button type="button" className="btn" onClick={openPreview} disabled={!valid} data-testid="editor-preview">
          {preview === null ? t('editor.preview') : t('editor.preview_update')}
        </button>
        {loggedIn ? (
          <>
            <button type="submit" className="btn btn--primary" disabled={!valid || saving} data-testid="editor-save">
              {saving ? t('editor.saving') : t('editor.save_new')}
            </button>
            {isMine && (
              <button type="button" className="btn" disabled={!valid || saving} onClick={() => void save(false)} data-testid="editor-save-changes">
                {t('editor.save_changes')}
              </button>
            )}
          </>
        ) : (
          me.status !== 'loading' && (
            <a className="btn btn--primary" href={loginUrl(nextUrl)} data-testid="editor-login">
              {t('editor.login_to_save')}
            </a>
          )
        )}
        {errorCount > 0 && <span className="error-text">{t('editor.invalid_count', { count: errorCount })}</span>}
      </div>
      {!loggedIn && me.status === 'ok' && <p className="muted drill-editor__note">{t('editor.login_needed')}</p>}
      {saved && (
        <p className="drill-editor__saved" role="status" data-testid="editor-saved">
          {t('editor.saved', { id: saved.id })}{' '}
          <a className="btn btn--primary" href={saved.url} data-testid="editor-play">
            {t('editor.play')}
          </a>
        </p>
      )}
      {saveError && (
        <p className="error-text" role="alert" data-testid="editor-save-error">
          {saveError.status === 401 ? t('editor.login_needed') : t('editor.save_error', { message: saveError.message })}
        </p>
      )}
    </form>
  );
}

/** The preview pane: the game page playing the draft (iframe key `preview`, restarted on a change). */
export function PreviewPane({ baseId, preview, onClose }: { baseId: number; preview: number; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="drill-editor__preview" data-testid="editor-preview-pane">
      <div className="drill-editor__preview-head">
        <h2 className="summary__h2">{t('editor.preview_title')}</h2>
        <button type="button" className="btn" onClick={onClose}>
          {t('editor.preview_close')}
        </button>
      </div>
      <p className="muted drill-editor__note">{t('editor.preview_note')}</p>
      <iframe key={preview} className="drill-editor__frame" title={t('editor.preview_title')} src={`/?id=${baseId}&preview=1`} data-testid="editor-preview-frame" />
    </section>
  );
}

/** "My drills": the player's own drills, each with Play, Edit and its leaderboard. */
export function MyDrillsList({ m }: { m: DrillEditorModel }) {
  const { t } = useTranslation();
  const { mine, loggedIn } = m;
  return (
    <section className="drill-editor__mine" data-testid="my-drills">
      <h2 className="summary__h2">{t('editor.mine')}</h2>
      {mine.status === 'ok' && mine.data.length === 0 && <p className="muted">{loggedIn ? t('editor.mine_empty') : t('editor.mine_login')}</p>}
      {mine.status === 'ok' && mine.data.length > 0 && (
        <ul className="drill-list">
          {mine.data.map((d) => (
            <li key={d.id} className="drill-list__item" data-testid={`my-drill-${d.id}`}>
              <a href={`/?id=${d.id}`} className="drill-list__link">
                <span className="drill-list__name">{d.name}</span>
                <span className="tag">{d.id}</span>
                {typeof d.duration === 'number' && <span className="muted">{t('drills.seconds', { seconds: Math.round(d.duration / 1000) })}</span>}
              </a>
              <div className="drill-list__stats">
                <a href={editorHref(d.id)}>{t('editor.edit')}</a>
                <a href={`/app/#/leaderboard?drill=${d.id}`}>{t('stats.drills_rank.leaderboard')}</a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
