/**
 * The drill editor's data (issue 17 item 4; the views: DrillEditor.tsx and drillEditorViews.tsx):
 * the starting drill, the catalogue, the player and their own drills fetched; the draft, the raw
 * text of each number input, the problems of each field (the checks of `validateCustomDrill`,
 * the inputs' own, the server's); saving; the preview's iframe key and the draft it plays
 * (written to sessionStorage PREVIEW_DRAFT_KEY, restarted PREVIEW_RELOAD_DELAY_MS after a change).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n';
import { TEST_DRILL_ID } from '../../contracts/constants';
import { EDITOR_GROUPS, fieldRule, validateCustomDrill, type DrillFieldError, type EditorField } from '../../drill/customDrill';
import { fetchDrills, getJson, type DrillListItem, type FetchFn } from '../../net/api';
import { DrillSaveError, fetchDrillDocument, fetchMyDrills, saveDrill, type DrillSaved, type MyDrill } from '../../net/customDrills';
import { PREVIEW_DRAFT_KEY } from '../../state/env';
import { useFetched } from '../useFetched';

/** The editor reloads a running preview this long after the last change (ms). */
export const PREVIEW_RELOAD_DELAY_MS = 800;

export type Draft = Record<string, unknown>;

/** A stored description (HTML) as the plain text the editor edits. */
function htmlToText(html: string): string {
  if (!html) return '';
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, '');
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim();
}

/** The text an input shows for `value` of `field`. */
export function shown(field: EditorField, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.kind === 'number' && typeof value === 'number') return String(field.scale ? value / field.scale : value);
  return String(value);
}

/** Where the editor's URL points for starting drill `id`. */
export function editorHref(id: number): string {
  return `/app/#/editor?from=${id}`;
}

/** The editor's state and actions for starting drill `from` (null: TEST_DRILL_ID). */
export function useDrillEditor(from: number | null, fetchFn: FetchFn) {
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

  const closePreview = () => setPreview(null);

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

  return {
    baseId, base, catalogue, me, mine,
    draft, texts, errors, errorCount, valid,
    saving, saved, saveError, preview,
    loggedIn, isMine,
    setField, save, openPreview, closePreview,
  };
}

/** What useDrillEditor gives its views. */
export type DrillEditorModel = ReturnType<typeof useDrillEditor>;
