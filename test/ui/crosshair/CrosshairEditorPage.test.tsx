/** The four crosshair editors in jsdom: load, edit, save (POST body), cancel, clamping,
 * failures, the live preview, the list, and the Back confirmation. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { configureStore } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { CROSSHAIR_TYPES, defaultCrosshairConfig, type CrosshairType } from '../../../src/contracts/crosshair';
import { crosshairReducer } from '../../../src/state/crosshair/crosshairSlice';
import { makeStore } from '../../../src/state/store';
import { CrosshairEditorList } from '../../../src/ui/crosshair/CrosshairEditorList';
import { CrosshairEditorPage, crosshairEditorRoute, crosshairTypeOfRoute } from '../../../src/ui/crosshair/CrosshairEditorPage';
import { crosshairFetch, mockCanvas } from './helpers';

const newStore = () => configureStore({ reducer: { crosshair: crosshairReducer } });
let canvas: ReturnType<typeof mockCanvas>;

beforeEach(() => {
  canvas = mockCanvas();
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as { fetch?: unknown }).fetch;
});

/** Renders the editor of `type` with `fetch` as the global fetch; waits for the load. */
async function renderEditor(type: CrosshairType, f = crosshairFetch(), store = newStore()) {
  (globalThis as { fetch?: unknown }).fetch = f.fn;
  const onBack = jest.fn();
  const utils = render(
    <Provider store={store}>
      <CrosshairEditorPage type={type} onBack={onBack} />
    </Provider>,
  );
  await waitFor(() => expect(screen.queryByTestId('crosshair-loading')).not.toBeInTheDocument());
  return { ...utils, ...f, store, onBack };
}

const field = (path: string) => screen.getByTestId(`crosshair-field-${path}`) as HTMLInputElement;

describe.each(CROSSHAIR_TYPES)('the %s editor', (type) => {
  test('loads GET /api/v2/user/{type}; edit a field, Save → the POST body has the edit', async () => {
    const { fn, posts } = await renderEditor(type);
    expect(fn).toHaveBeenCalledWith(`/api/v2/user/${type}`, expect.anything());
    expect(screen.getByTestId(`crosshair-editor-${type}`)).toBeInTheDocument();
    expect(field('crosshair.len').value).toBe('8');
    expect(screen.getByTestId('crosshair-save')).toBeDisabled();

    fireEvent.change(field('crosshair.len'), { target: { value: '12.5' } });
    expect(field('crosshair.len').value).toBe('12.5');
    fireEvent.click(screen.getByTestId('crosshair-save'));

    await screen.findByText('Saved');
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toBe(`/api/v2/user/${type}`);
    expect(posts[0].body.enabled).toBe(true);
    expect(posts[0].body.config.crosshair.len).toBe(12.5);
    expect(posts[0].body.config).toEqual({ ...defaultCrosshairConfig(), crosshair: { ...defaultCrosshairConfig().crosshair, len: 12.5 } });
    expect(screen.getByTestId('crosshair-save')).toBeDisabled();
  });

  test('edit then Cancel → the field shows the stored value again and nothing is posted', async () => {
    const stored = { enabled: true, config: { ...defaultCrosshairConfig(), outline: 3 } };
    const { fn, posts } = await renderEditor(type, crosshairFetch({ stored }));
    expect(field('outline').value).toBe('3');
    fireEvent.change(field('outline'), { target: { value: '7' } });
    fireEvent.change(field('dot.size'), { target: { value: '9' } });
    expect(field('outline').value).toBe('7');
    fireEvent.click(screen.getByTestId('crosshair-cancel'));
    expect(field('outline').value).toBe('3');
    expect(field('dot.size').value).toBe('4');
    expect(posts).toHaveLength(0);
    expect(fn).toHaveBeenCalledTimes(1); // the GET only
    expect(screen.getByTestId('crosshair-cancel')).toBeDisabled();
  });
});

test('number inputs clamp to min/max and round to the step: len 25 → 20, thick 0.7 → 0.5', async () => {
  const { posts } = await renderEditor('crosshair');
  fireEvent.change(field('crosshair.len'), { target: { value: '25' } });
  expect(field('crosshair.len').value).toBe('20');
  fireEvent.change(field('crosshair.thick'), { target: { value: '0.7' } });
  expect(field('crosshair.thick').value).toBe('0.5');
  fireEvent.change(field('outline'), { target: { value: '12' } });
  expect(field('outline').value).toBe('10');
  fireEvent.change(field('disc.size'), { target: { value: '-3' } });
  expect(field('disc.size').value).toBe('0');
  // below the minimum: kept while typing ('1' may become '15'), the minimum applies, shown on blur
  fireEvent.change(field('dot.size'), { target: { value: '1' } });
  expect(field('dot.size').value).toBe('1');
  fireEvent.blur(field('dot.size'));
  expect(field('dot.size').value).toBe('2');
  fireEvent.change(field('crosshair.thick'), { target: { value: '0' } });
  fireEvent.change(field('crosshair.thick'), { target: { value: '0.5' } });
  expect(field('crosshair.thick').value).toBe('0.5');
  fireEvent.click(screen.getByTestId('crosshair-save'));
  await screen.findByText('Saved');
  expect(posts[0].body.config.crosshair).toMatchObject({ len: 20, thick: 0.5 });
  expect(posts[0].body.config.outline).toBe(10);
});

test('an empty entry is kept while typing and the stored value comes back on blur', async () => {
  await renderEditor('crosshair');
  fireEvent.change(field('crosshair.gap'), { target: { value: '' } });
  expect(field('crosshair.gap').value).toBe('');
  fireEvent.blur(field('crosshair.gap'));
  expect(field('crosshair.gap').value).toBe('2');
});

test('checkboxes, colour and alpha edits reach the POST body', async () => {
  const { posts } = await renderEditor('ads');
  expect(screen.getByLabelText('Custom scoped crosshair')).not.toBeChecked();
  fireEvent.click(field('crosshair.tStyle'));
  fireEvent.click(field('disc.enabled'));
  fireEvent.click(field('rotation'));
  fireEvent.change(field('color.rgb'), { target: { value: '#00ff80' } });
  fireEvent.change(field('color.a'), { target: { value: '128' } });
  fireEvent.change(field('outlineColor.a'), { target: { value: '999' } });
  expect(field('outlineColor.a').value).toBe('255');
  expect(screen.getByLabelText('Custom scoped crosshair')).toBeChecked();
  fireEvent.click(screen.getByTestId('crosshair-save'));
  await screen.findByText('Saved');
  const cfg = posts[0].body.config;
  expect(posts[0].body.enabled).toBe(true);
  expect(cfg.crosshair.tStyle).toBe(true);
  expect(cfg.disc.enabled).toBe(true);
  expect(cfg.rotation).toBe(true);
  expect(cfg.color).toEqual({ r: 0, g: 255, b: 128, a: 128 });
});

test('turning the custom look off is saved as enabled false', async () => {
  const stored = { enabled: true, config: defaultCrosshairConfig() };
  const { posts } = await renderEditor('hitmarker', crosshairFetch({ stored }));
  fireEvent.click(field('enabled'));
  fireEvent.click(screen.getByTestId('crosshair-save'));
  await screen.findByText('Saved');
  expect(posts[0].body.enabled).toBe(false);
});

test('save failure: logged, "Failed to save" shown, the edit stays', async () => {
  await renderEditor('crosshair', crosshairFetch({ postStatus: 500 }));
  fireEvent.change(field('crosshair.gap'), { target: { value: '6' } });
  fireEvent.click(screen.getByTestId('crosshair-save'));
  await screen.findByText('Failed to save');
  expect(console.error).toHaveBeenCalled();
  expect(field('crosshair.gap').value).toBe('6');
  expect(screen.getByTestId('crosshair-save')).toBeEnabled();
});

test('load failure: logged, a load error with Retry, the defaults stay editable', async () => {
  const f = crosshairFetch({ getStatus: 500 });
  await renderEditor('missmarker', f);
  expect(await screen.findByTestId('crosshair-load-error')).toBeInTheDocument();
  expect(console.error).toHaveBeenCalled();
  expect(field('crosshair.len')).toBeEnabled();
  fireEvent.click(within(screen.getByTestId('crosshair-load-error')).getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(f.fn).toHaveBeenCalledTimes(2));
});

test('the preview is a 400×400 canvas drawing the draft with the game geometry, live', async () => {
  const tall = window.innerHeight;
  Object.defineProperty(window, 'innerHeight', { value: 1080, configurable: true });
  const stored = { enabled: true, config: defaultCrosshairConfig() };
  await renderEditor('crosshair', crosshairFetch({ stored }));
  const preview = screen.getByTestId('crosshair-preview') as HTMLCanvasElement;
  expect(preview.style.width).toBe('400px');
  expect(preview.style.height).toBe('400px');
  expect(preview.width).toBe(400);
  // a 720 px window: the preview shrinks so that the zoom row stays above the footer
  Object.defineProperty(window, 'innerHeight', { value: 720, configurable: true });
  act(() => { window.dispatchEvent(new Event('resize')); });
  expect(preview.style.width).toBe('340px');
  Object.defineProperty(window, 'innerHeight', { value: 1080, configurable: true });
  act(() => { window.dispatchEvent(new Event('resize')); });
  Object.defineProperty(window, 'innerHeight', { value: tall, configurable: true });
  // default: right arm at x 2, 8×4 px, in red after the black outline pass
  expect(canvas.calls).toContainEqual(['fillRect', 'rgba(255, 0, 0, 1)', 2, -2, 8, 4]);
  canvas.reset();
  fireEvent.change(field('crosshair.len'), { target: { value: '12' } });
  fireEvent.change(field('crosshair.thick'), { target: { value: '4' } });
  expect(canvas.calls).toContainEqual(['fillRect', 'rgba(255, 0, 0, 1)', 2, -1, 12, 2]);
  // zoom 4×: the transform scales by 4
  canvas.reset();
  fireEvent.click(screen.getByRole('button', { name: '4×' }));
  expect(canvas.calls).toContainEqual(['setTransform', '', 4, 0, 0, 4, 0, 0]);
});

test('custom look off: the preview shows the legacy (built-in) marker', async () => {
  await renderEditor('hitmarker');
  expect(screen.getByText(/built-in look is shown/)).toBeInTheDocument();
  // the built-in hit marker: white, rotated 45°, arms from 10 px
  expect(canvas.calls.some((c) => c[0] === 'rotate')).toBe(true);
  expect(canvas.calls).toContainEqual(['fillRect', 'rgba(255, 255, 255, 1)', 10, -1, 8, 2]);
});

test('Back: straight back when unchanged; with unsaved changes it asks (Discard restores)', async () => {
  const { onBack } = await renderEditor('crosshair');
  fireEvent.click(screen.getByTestId('crosshair-back'));
  expect(onBack).toHaveBeenCalledTimes(1);
  fireEvent.change(field('crosshair.len'), { target: { value: '15' } });
  fireEvent.click(screen.getByTestId('crosshair-back'));
  const dialog = screen.getByTestId('crosshair-confirm');
  expect(dialog).toHaveTextContent('You have unsaved changes.');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
  expect(onBack).toHaveBeenCalledTimes(2);
  expect(field('crosshair.len').value).toBe('8');
});

test('Back with unsaved changes → Save saves, then goes back', async () => {
  const { onBack, posts } = await renderEditor('crosshair');
  fireEvent.change(field('crosshair.len'), { target: { value: '15' } });
  fireEvent.click(screen.getByTestId('crosshair-back'));
  await act(async () => {
    fireEvent.click(within(screen.getByTestId('crosshair-confirm')).getByRole('button', { name: 'Save' }));
  });
  await waitFor(() => expect(onBack).toHaveBeenCalledTimes(1));
  expect(posts[0].body.config.crosshair.len).toBe(15);
});

test('works in the game page store (makeStore has the crosshair slice)', async () => {
  const store = makeStore();
  expect(store.getState().crosshair.entries.crosshair.load).toBe('idle');
  const { posts } = await renderEditor('missmarker', crosshairFetch(), store);
  fireEvent.change(field('disc.thick'), { target: { value: '3' } });
  fireEvent.click(screen.getByTestId('crosshair-save'));
  await screen.findByText('Saved');
  expect(posts[0].body.config.disc.thick).toBe(3);
  expect(store.getState().crosshair.entries.missmarker.stored.config.disc.thick).toBe(3);
});

test('CrosshairEditorList lists the four types and opens one', async () => {
  const onOpen = jest.fn();
  render(
    <Provider store={newStore()}>
      <CrosshairEditorList onOpen={onOpen} />
    </Provider>,
  );
  const names = ['Crosshair', 'Hit marker', 'Miss marker', 'Scoped crosshair (ADS)'];
  CROSSHAIR_TYPES.forEach((type, i) => expect(screen.getByTestId(`crosshair-open-${type}`)).toHaveTextContent(names[i]));
  fireEvent.click(screen.getByTestId('crosshair-open-ads'));
  expect(onOpen).toHaveBeenCalledWith('ads');
});

test('Escape is Back: it asks with unsaved changes, a second Escape closes the question', async () => {
  const { onBack } = await renderEditor('ads');
  fireEvent.change(field('crosshair.gap'), { target: { value: '5' } });
  fireEvent.keyDown(document, { key: 'Escape', code: 'Escape' });
  expect(screen.getByTestId('crosshair-confirm')).toBeInTheDocument();
  fireEvent.keyDown(document, { key: 'Escape', code: 'Escape' });
  expect(screen.queryByTestId('crosshair-confirm')).not.toBeInTheDocument();
  expect(onBack).not.toHaveBeenCalled();
  fireEvent.click(screen.getByTestId('crosshair-cancel'));
  fireEvent.keyDown(document, { key: 'Escape', code: 'Escape' });
  expect(onBack).toHaveBeenCalledTimes(1);
});

test('Show spread moves the arms of a config with firing inaccuracy in the preview', async () => {
  const stored = { enabled: true, config: { ...defaultCrosshairConfig(), crosshair: { ...defaultCrosshairConfig().crosshair, firing_inaccuracy: true } } };
  await renderEditor('crosshair', crosshairFetch({ stored }));
  canvas.reset();
  fireEvent.click(screen.getByTestId('crosshair-show-spread'));
  expect(canvas.calls).toContainEqual(['fillRect', 'rgba(255, 0, 0, 1)', 6, -2, 8, 4]);
});

test('the ads editor with the custom look off says the normal crosshair stays', async () => {
  await renderEditor('ads');
  expect(screen.getByTestId('crosshair-legacy-note')).toHaveTextContent('your normal crosshair stays while zoomed');
});

test('routed names settings.{type}', () => {
  expect(crosshairEditorRoute('hitmarker')).toBe('settings.hitmarker');
  expect(crosshairTypeOfRoute('settings.ads')).toBe('ads');
  expect(crosshairTypeOfRoute('settings.video')).toBeNull();
});
