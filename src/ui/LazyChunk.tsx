/**
 * A component from a lazily loaded chunk (issue 18 item 1: menus and editors load on first
 * open), loaded through loadChunk (src/net/chunkLoad.ts): while it loads, `fallback`; when it
 * has not arrived after the chunk time-out (120 s, spec section 8) or its import failed, an error
 * card (`data-testid="chunk-error"`) with the ChunkLoadError's message and Retry, which loads it
 * again; once loaded, the component with `props`. Loaded modules are kept by `chunk` name, so a
 * second open renders at once.
 */
import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n';
import { ChunkLoadError, loadChunk } from '../net/chunkLoad';

const loaded = new Map<string, ComponentType<never>>();

/** LazyChunk props: `chunk` names the chunk (errors, cache), `load` imports it and returns the
 * component, `props` are passed to it. */
export interface LazyChunkProps<P extends object> {
  chunk: string;
  load: () => Promise<ComponentType<P>>;
  props: P;
  fallback?: ReactNode;
}

/** See the file comment. */
export function LazyChunk<P extends object>({ chunk, load, props, fallback = null }: LazyChunkProps<P>) {
  const { t } = useTranslation();
  const [Comp, setComp] = useState<ComponentType<P> | null>(() => (loaded.get(chunk) as ComponentType<P> | undefined) ?? null);
  const [error, setError] = useState<ChunkLoadError | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (Comp) return;
    let live = true;
    setError(null);
    loadChunk(chunk, load).then(
      (c) => {
        loaded.set(chunk, c as ComponentType<never>);
        if (live) setComp(() => c);
      },
      (e: unknown) => {
        if (live) setError(e instanceof ChunkLoadError ? e : new ChunkLoadError(chunk, 0, e));
      },
    );
    return () => {
      live = false;
    };
    // `load` is a fresh closure each render; the chunk name and the attempt decide a load
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chunk, attempt, Comp]);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  if (Comp) return <Comp {...props} />;
  if (error) {
    return (
      <div className="overlay overlay--center overlay--dim" data-testid="chunk-error" role="alertdialog" aria-modal="true" aria-labelledby="chunk-error-title">
        <div className="panel panel--narrow panel--error">
          <h2 className="panel__title" id="chunk-error-title">
            {t('game_errors.chunk_error.title')}
          </h2>
          <p data-testid="chunk-error-description">{t('game_errors.chunk_error.description', { message: error.message })}</p>
          <div className="actions">
            <button type="button" className="btn btn--primary" data-testid="chunk-retry" onClick={retry} autoFocus>
              {t('error_overlay.retry')}
            </button>
          </div>
        </div>
      </div>
    );
  }
  return <>{fallback}</>;
}
