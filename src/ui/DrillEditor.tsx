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
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n';
import './stats.css';
import './drillEditor.css';
import { TEST_DRILL_ID } from '../contracts/constants';
import { loginUrl } from '../contracts/auth';
import { EDITOR_GROUPS, fieldRule, validateCustomDrill, type DrillFieldError, type EditorField } from '../drill/customDrill';
import { defaultFetch, fetchDrills, getJson, type DrillListItem, type FetchFn } from '../net/api';
import { DrillSaveError, fetchDrillDocument, fetchMyDrills, saveDrill, type DrillSaved, type MyDrill } from '../net/customDrills';
import { PREVIEW_DRAFT_KEY } from '../state/env';
import { useFetched } from './useFetched';

/** DrillEditor props: the drill to start from (null: TEST_DRILL_ID) and the fetch (tests). */
export interface DrillEditorProps {
  from: number | null;
  fetchFn?: FetchFn;
}

/** The editor reloads a running preview this long after the last change (ms). */
export const PREVIEW_RELOAD_DELAY_MS = 800;

type Draft = Record<string, unknown>;

/** A stored description (HTML) as the plain text the editor edits. */
function htmlToText(html: string): string {
  if (!html) return '';
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, '');
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim();
}

/** The text an input shows for `value` of `field`. */
function shown(field: EditorField, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.kind === 'number' && typeof value === 'number') return String(field.scale ? value / field.scale : value);
  return String(value);
}

/** Where the editor's URL points for starting drill `id`. */
export function editorHref(id: number): string {
  return `/app/#/editor?from=${id}`;
}

/** See the file comment. */
export function DrillEditor({ from, fetchFn = defaultFetch }: DrillEditorProps) {
  const { t } = useTranslation();
  const baseId = from ?? TEST_DRILL_ID;
  const base = useFetched(() => fetchDrillDocument(fetchFn, baseId), baseId);
  const catalogue = useFetched<DrillListItem[]>(() => fetchDrills(fetchFn), 'catalogue');
  const me = useFetched<{ id: number | null; username: string | null }>(() => getJson(fetchFn, '/api/v1/user/me'), 'me');
  const [mineKey, setMineKey] = useState(0);
  const mine = useFetched<MyDrill[]>(() => fetchMyDrills(fetchFn), mineKey);

  const [draft, setDraft] = useState<Draft | null>(null);
  /** the raw text of each number input (what the player typed, even when not a number) */
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [inputErrors, setInputErrors] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<DrillFieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<DrillSaved | null>(null);
  const [saveError, setSaveError] = useState<{ status: number; message: string } | null>(null);
  const [preview, setPreview] = useState<number | null>(null); // the iframe's key; null = closed

  useEffect(() => {
    if (base.status !== 'ok') return;
    const doc: Draft = { ...base.data.document };
    doc.game_type_description = htmlToText(String(doc.game_type_description ?? ''));
    delete doc.id;
    delete doc.category;
    setDraft(doc);
    const tx: Record<string, string> = {};
    for (const g of EDITOR_GROUPS) for (const f of g.fields) tx[f.key] = shown(f, doc[f.key]);
    setTexts(tx);
    setInputErrors({});
    setServerErrors([]);
    setSaved(null);
    setSaveError(null);
  }, [base]);

  const check = useMemo(() => (draft ? validateCustomDrill(draft, baseId) : null), [draft, baseId]);
  const errors: Record<string, string> = {};
  if (check && !check.ok) for (const e of check.errors) errors[e.field] ??= e.reason;
  for (const e of serverErrors) errors[e.field] ??= e.reason;
  Object.assign(errors, inputErrors);
  const errorCount = Object.keys(errors).length;
  const valid = errorCount === 0 && !!check?.ok;

  // the preview plays the draft of the moment: written for the iframe, which restarts on a change
  const previewTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (preview === null || !draft || !valid) return;
    try {
      sessionStorage.setItem(PREVIEW_DRAFT_KEY, JSON.stringify(draft));
    } catch {
      /* storage unavailable: the preview says there is no draft */
    }
    if (previewTimer.current) clearTimeout(previewTimer.current);
    previewTimer.current = setTimeout(() => setPreview((k) => (k === null ? null : k + 1)), PREVIEW_RELOAD_DELAY_MS);
    return () => {
      if (previewTimer.current) clearTimeout(previewTimer.current);
    };
    // restarts only for a changed draft, not for the key it sets itself
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);

  const openPreview = () => {
    if (!draft || !valid) return;
    try {
      sessionStorage.setItem(PREVIEW_DRAFT_KEY, JSON.stringify(draft));
    } catch {
      /* see above */
    }
    setPreview((k) => (k === null ? 1 : k + 1));
  };

  const setField = (field: EditorField, raw: string | boolean) => {
    if (!draft) return;
    const next: Draft = { ...draft };
    const rule = fieldRule(field.key);
    const inErr = { ...inputErrors };
    delete inErr[field.key];
    if (field.kind === 'boolean') next[field.key] = raw === true;
    else if (field.kind === 'enum') next[field.key] = raw === '' ? null : typeof rule.options?.[0] === 'number' ? Number(raw) : raw;
    else if (field.kind === 'number') {
      const text = String(raw);
      setTexts((tx) => ({ ...tx, [field.key]: text }));
      if (text.trim() === '') {
        // empty: null where the schema allows it (no lifetime, no threshold), else the schema's
        // default (the field left out), else required
        if (rule.nullable) next[field.key] = null;
        else if (rule.default !== undefined) delete next[field.key];
        else inErr[field.key] = t('editor.required');
      } else {
        const n = Number(text);
        if (!Number.isFinite(n)) inErr[field.key] = t('editor.not_a_number');
        else next[field.key] = field.scale ? Math.round(n * field.scale * 1e6) / 1e6 : n;
      }
    } else next[field.key] = String(raw);
    setInputErrors(inErr);
    setServerErrors((se) => se.filter((e) => e.field !== field.key));
    setSaved(null);
    setSaveError(null);
    setDraft(next);
  };

  const save = async (asNew: boolean) => {
    if (!draft || !valid) return;
    setSaving(true);
    setSaveError(null);
    try {
      const result = await saveDrill(fetchFn, draft, asNew ? undefined : baseId);
      setSaved(result);
      setMineKey((k) => k + 1);
    } catch (e) {
      if (e instanceof DrillSaveError) {
        setServerErrors(e.errors);
        setSaveError({ status: e.status, message: e.serverMessage ?? e.message });
      } else {
        setSaveError({ status: 0, message: e instanceof Error ? e.message : String(e) });
      }
    } finally {
      setSaving(false);
    }
  };

  const loggedIn = me.status === 'ok' && me.data.username !== null;
  const isMine = base.status === 'ok' && base.data.mine;
  const nextUrl = editorHref(baseId);

  const renderField = (field: EditorField) => {
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
      <div key={field.key} className={`editor-field editor-field--${field.kind}${err ? ' is-invalid' : ''}`} data-testid={`field-${field.key}`}>
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
  };

  return (
    <section className="page page--wide drill-editor" data-testid="drill-editor">
      <h1>{t('editor.title')}</h1>
      <p className="muted drill-editor__lead">{t('editor.lead')}</p>
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

      {base.status === 'loading' && <p className="muted">{t('editor.loading')}</p>}
      {base.status === 'error' && (
        <p className="error-text" role="alert">
          {t('editor.load_error', { id: baseId, message: base.message })}
        </p>
      )}
      {draft && (
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
                {g.fields.map(renderField)}
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
      )}

      {preview !== null && (
        <section className="drill-editor__preview" data-testid="editor-preview-pane">
          <div className="drill-editor__preview-head">
            <h2 className="summary__h2">{t('editor.preview_title')}</h2>
            <button type="button" className="btn" onClick={() => setPreview(null)}>
              {t('editor.preview_close')}
            </button>
          </div>
          <p className="muted drill-editor__note">{t('editor.preview_note')}</p>
          <iframe key={preview} className="drill-editor__frame" title={t('editor.preview_title')} src={`/?id=${baseId}&preview=1`} data-testid="editor-preview-frame" />
        </section>
      )}

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
    </section>
  );
}

export default DrillEditor;
