/** The settings menu in jsdom: tabs, Save / Revert / Back with the confirm modal, slider
 * clamping and rounding, the bindings rules, the sensitivity converter, presets, the pause menu
 * and the standalone page. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ProjectState } from '../../../src/contracts/projectState';
import { THEME_PRESETS } from '../../../src/contracts/gameOptions';
import { sensitivityGameData } from '../../../src/server/sensitivityData';
import { resetGameHolder } from '../../../src/state/gameHolder';
import { initialRunState } from '../../../src/state/run/runSlice';
import { makeStore } from '../../../src/state/store';
import { PauseMenu } from '../../../src/ui/overlays/PauseMenu';
import { SettingsMenu, type SettingsMenuProps } from '../../../src/ui/settings/SettingsMenu';
import { SettingsPage } from '../../../src/ui/settings/SettingsPage';
import { SettingSlider } from '../../../src/ui/settings/SettingSlider';
import { fakeEnv, fakeFetch, jsonResponse, type Route } from '../../unit/state/fakes';

beforeEach(() => {
  resetGameHolder();
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

/** Answers GET /gameoptions/edit with `stored`, POST with `post` (default: echo, success). */
function settingsRoutes(opts: { post?: Route; stored?: unknown } = {}): Record<string, Route> {
  return {
    '/gameoptions/edit': (url, init) => {
      if (init?.method === 'POST') {
        if (opts.post) return opts.post(url, init);
        return jsonResponse({ success: true, ...JSON.parse(String(init.body)) });
      }
      return jsonResponse(opts.stored ?? { controls: {}, game_options: {} });
    },
    '/api/v1/user/game-sensitivity-data/basic': () => jsonResponse(sensitivityGameData()),
  };
}

async function renderMenu(routes: Record<string, Route> = settingsRoutes(), props: Partial<SettingsMenuProps> = {}) {
  const { fn, calls } = fakeFetch(routes);
  const store = makeStore(fakeEnv({ fetch: fn }).env);
  const onClose = jest.fn();
  const utils = render(
    <Provider store={store}>
      <SettingsMenu onClose={onClose} fetchFn={fn} {...props} />
    </Provider>,
  );
  await waitFor(() => expect(store.getState().settings.loaded || !store.getState().settings.loading).toBe(true));
  await waitFor(() => expect(store.getState().settings.loading).toBe(false));
  return { ...utils, store, onClose, calls, fn };
}

/** Types `text` into a number input and commits it (blur). */
function typeAndCommit(testId: string, text: string) {
  const input = screen.getByTestId(testId) as HTMLInputElement;
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
  return input;
}

describe('layout and buttons', () => {
  test('tabs, sub-tabs, Back, Save and Revert; buttons disabled until something changes', async () => {
    const { store } = await renderMenu();
    expect(screen.getByTestId('settings-menu')).toBeInTheDocument();
    for (const tab of ['controls', 'video', 'hud', 'visuals', 'audio']) expect(screen.getByTestId(`settings-tab-${tab}`)).toBeInTheDocument();
    expect(screen.getByTestId('settings-tab-controls')).toHaveTextContent('Controls');
    for (const sub of ['mouse', 'bindings', 'controller']) expect(screen.getByTestId(`settings-subtab-${sub}`)).toBeInTheDocument();
    expect(screen.getByTestId('settings-back')).toBeEnabled();
    expect(screen.getByTestId('settings-save')).toBeDisabled();
    expect(screen.getByTestId('settings-revert')).toBeDisabled();
    expect(screen.getByTestId('setting-mouse_sens')).toHaveValue(1);

    typeAndCommit('setting-mouse_sens', '2.5');
    expect(store.getState().settings.controls.mouse_sens).toBe(2.5);
    expect(screen.getByTestId('settings-save')).toBeEnabled();
    expect(screen.getByTestId('settings-revert')).toBeEnabled();
    expect(screen.getByTestId('settings-status')).toHaveTextContent('Unsaved changes');

    for (const tab of ['video', 'hud', 'visuals', 'audio', 'controls'] as const) {
      fireEvent.click(screen.getByTestId(`settings-tab-${tab}`));
      expect(screen.getByTestId(`settings-${tab === 'controls' ? 'mouse' : tab}`)).toBeInTheDocument();
    }
    fireEvent.click(screen.getByTestId('settings-subtab-controller'));
    expect(screen.getByTestId('setting-left_deadzone')).toHaveValue(0.1);
  });

  test('buttons are disabled while loading', async () => {
    let release: (r: Response) => void = () => {};
    const pending = new Promise<Response>((r) => (release = r));
    const { fn } = fakeFetch({ '/gameoptions/edit': () => pending });
    const store = makeStore(fakeEnv({ fetch: fn }).env);
    render(
      <Provider store={store}>
        <SettingsMenu onClose={() => {}} fetchFn={fn} />
      </Provider>,
    );
    expect(store.getState().settings.loading).toBe(true);
    expect(screen.getByTestId('settings-status')).toHaveTextContent('Loading settings');
    expect(screen.getByTestId('setting-mouse_sens')).toBeDisabled();
    expect(screen.getByTestId('settings-save')).toBeDisabled();
    await act(async () => release(jsonResponse({ controls: { mouse_sens: 3 }, game_options: {} })));
    await waitFor(() => expect(screen.getByTestId('setting-mouse_sens')).toHaveValue(3));
    expect(screen.getByTestId('setting-mouse_sens')).toBeEnabled();
  });

  test('Save shows Saved and POSTs { game_options, controls }', async () => {
    const { calls } = await renderMenu();
    typeAndCommit('setting-fov', '90');
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(screen.getByTestId('settings-status')).toHaveTextContent('Saved'));
    const post = calls.find((c) => c.init?.method === 'POST')!;
    const body = JSON.parse(String(post.init!.body));
    expect(body.controls.fov).toBe(90);
    expect(body.game_options.other.fov).toBe(90);
    expect(screen.getByTestId('settings-save')).toBeDisabled();
  });

  test('Revert restores the saved options', async () => {
    const { store } = await renderMenu(settingsRoutes({ stored: { controls: { mouse_sens: 1.5 }, game_options: {} } }));
    expect(screen.getByTestId('setting-mouse_sens')).toHaveValue(1.5);
    typeAndCommit('setting-mouse_sens', '4');
    expect(screen.getByTestId('setting-mouse_sens')).toHaveValue(4);
    fireEvent.click(screen.getByTestId('settings-revert'));
    expect(screen.getByTestId('setting-mouse_sens')).toHaveValue(1.5);
    expect(store.getState().settings.modified).toBe(false);
    expect(screen.getByTestId('settings-revert')).toBeDisabled();
  });

  test('Reset to defaults resets the section and marks modified', async () => {
    const { store } = await renderMenu(settingsRoutes({ stored: { controls: {}, game_options: { audio: { music: 9 } } } }));
    fireEvent.click(screen.getByTestId('settings-tab-audio'));
    expect(screen.getByTestId('setting-music')).toHaveValue(9);
    fireEvent.click(screen.getByTestId('settings-reset'));
    expect(screen.getByTestId('setting-music')).toHaveValue(3);
    expect(store.getState().settings.modified).toBe(true);
  });
});

describe('Back and the confirm modal', () => {
  test('Back without changes closes at once', async () => {
    const { onClose } = await renderMenu();
    fireEvent.click(screen.getByTestId('settings-back'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('confirm-modal')).not.toBeInTheDocument();
  });

  test('Back with changes → modal → Save → Saved, then the menu closes', async () => {
    const { onClose, store } = await renderMenu();
    typeAndCommit('setting-mouse_sens', '3');
    fireEvent.click(screen.getByTestId('settings-back'));
    const modal = screen.getByTestId('confirm-modal');
    expect(modal).toHaveTextContent('You have unsaved changes.');
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Saved')).toBeInTheDocument();
    expect(store.getState().settings).toMatchObject({ modified: false, status: 'saved' });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });

  test('a failing save shows Failed to save and keeps the modal', async () => {
    const { onClose, store } = await renderMenu(settingsRoutes({ post: () => jsonResponse({ error: 'db down' }, 500, 'Internal Server Error') }));
    typeAndCommit('setting-mouse_sens', '3');
    fireEvent.click(screen.getByTestId('settings-back'));
    const modal = screen.getByTestId('confirm-modal');
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Failed to save')).toBeInTheDocument();
    expect(screen.getByTestId('settings-status')).toHaveTextContent('Failed to save');
    expect(store.getState().settings.modified).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    expect(within(modal).getByRole('button', { name: 'Revert' })).toBeEnabled();
  });

  test('Revert in the modal restores the saved options and closes', async () => {
    const { onClose, store } = await renderMenu();
    typeAndCommit('setting-mouse_sens', '3');
    fireEvent.click(screen.getByTestId('settings-back'));
    fireEvent.click(within(screen.getByTestId('confirm-modal')).getByRole('button', { name: 'Revert' }));
    expect(store.getState().settings.controls.mouse_sens).toBe(1);
    expect(store.getState().settings.modified).toBe(false);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('Escape acts as Back and does not reach the game page', async () => {
    const { onClose } = await renderMenu();
    const gameKey = jest.fn();
    window.addEventListener('keydown', gameKey);
    typeAndCommit('setting-mouse_sens', '3');
    fireEvent.keyDown(document.body, { key: 'Escape', code: 'Escape' });
    expect(screen.getByTestId('confirm-modal')).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'Escape', code: 'Escape' });
    expect(screen.queryByTestId('confirm-modal')).not.toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'r', code: 'KeyR' });
    expect(gameKey).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    window.removeEventListener('keydown', gameKey);
  });
});

describe('sliders clamp and round', () => {
  test('typing 150 in FOV commits 140', async () => {
    const { store } = await renderMenu();
    const input = typeAndCommit('setting-fov', '150');
    expect(input).toHaveValue(140);
    expect(store.getState().settings.controls.fov).toBe(140);
    expect(screen.getByTestId('setting-fov-range')).toHaveValue('140');
    fireEvent.change(input, { target: { value: '39' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(store.getState().settings.controls.fov).toBe(40);
  });

  test('status bar size rounds to 0.01 and clamps to 0.6-1.4', async () => {
    const { store } = await renderMenu();
    fireEvent.click(screen.getByTestId('settings-tab-hud'));
    expect(typeAndCommit('setting-status_bar_size', '1.234')).toHaveValue(1.23);
    expect(store.getState().settings.gameOptions.hud.status_bar_size).toBe(1.23);
    expect(typeAndCommit('setting-status_bar_size', '0.123')).toHaveValue(0.6);
  });

  test('a standalone SettingSlider: 0.123 with step 0.01 → 0.12; the range input commits too', () => {
    const onChange = jest.fn();
    render(<SettingSlider field="dz" label="Deadzone" value={0.1} range={{ min: 0, max: 0.5, step: 0.01 }} onChange={onChange} />);
    expect(typeAndCommit('setting-dz', '0.123')).toHaveValue(0.12);
    expect(onChange).toHaveBeenLastCalledWith(0.12);
    fireEvent.change(screen.getByTestId('setting-dz-range'), { target: { value: '0.3' } });
    expect(onChange).toHaveBeenLastCalledWith(0.3);
    typeAndCommit('setting-dz', 'abc');
    expect(screen.getByTestId('setting-dz')).toHaveValue(0.1);
  });

  test('audio volumes are 0-10 integers', async () => {
    const { store } = await renderMenu();
    fireEvent.click(screen.getByTestId('settings-tab-audio'));
    expect(typeAndCommit('setting-volume', '12')).toHaveValue(10);
    expect(typeAndCommit('setting-gun', '2.6')).toHaveValue(3);
    expect(store.getState().settings.gameOptions.audio).toMatchObject({ volume: 10, gun: 3 });
  });

  test('cm/360 and inch/360 are disabled without DPI and set the sensitivity with it', async () => {
    const { store } = await renderMenu();
    expect(screen.getByTestId('setting-cm360')).toBeDisabled();
    expect(screen.getByTestId('setting-inch360')).toBeDisabled();
    typeAndCommit('setting-mouse_dpi', '850');
    expect(store.getState().settings.controls.mouse_dpi).toBe(900);
    typeAndCommit('setting-mouse_dpi', '800');
    expect(screen.getByTestId('setting-cm360')).toBeEnabled();
    expect(screen.getByTestId('setting-cm360')).toHaveValue(51.95); // sensitivity 1 at 800 DPI
    typeAndCommit('setting-cm360', '25.977');
    expect(store.getState().settings.controls.mouse_sens).toBe(2);
    expect(screen.getByTestId('setting-inch360')).toHaveValue(10.23);
    typeAndCommit('setting-mouse_dpi', '');
    expect(store.getState().settings.controls.mouse_dpi).toBeNull();
    expect(screen.getByTestId('setting-cm360')).toBeDisabled();
  });

  test('vertical sensitivity: same as horizontal (null) or its own value', async () => {
    const { store } = await renderMenu();
    expect(screen.queryByTestId('setting-mouse_sens_y')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('setting-mouse_sens_y_same'));
    expect(store.getState().settings.controls.mouse_sens_y).toBe(1);
    typeAndCommit('setting-mouse_sens_y', '20');
    expect(store.getState().settings.controls.mouse_sens_y).toBe(10);
    fireEvent.click(screen.getByTestId('setting-mouse_sens_y_same'));
    expect(store.getState().settings.controls.mouse_sens_y).toBeNull();
  });
});

describe('bindings', () => {
  async function openBindings() {
    const r = await renderMenu();
    fireEvent.click(screen.getByTestId('settings-subtab-bindings'));
    return r;
  }

  test('click a cell, press a key: assigned; the other binding with it is cleared', async () => {
    const { store } = await openBindings();
    const cell = screen.getByTestId('binding-forward-key');
    expect(cell).toHaveTextContent('W');
    fireEvent.click(cell);
    expect(cell).toHaveTextContent('Press a key, or click here with a mouse button…');
    fireEvent.keyDown(window, { code: 'KeyS', key: 's' });
    expect(cell).toHaveTextContent(/^S$/);
    expect(screen.getByTestId('binding-backward-key')).toHaveTextContent('—');
    expect(store.getState().settings.gameOptions.control.bindings.backward.key).toBeNull();
    expect(store.getState().settings.modified).toBe(true);
  });

  test('a mouse button is assigned as mouse{n}', async () => {
    const { store } = await openBindings();
    fireEvent.click(screen.getByTestId('binding-restart-alt'));
    fireEvent.mouseDown(screen.getByTestId('binding-restart-alt'), { button: 2 });
    expect(screen.getByTestId('binding-restart-alt')).toHaveTextContent('Mouse Right');
    expect(store.getState().settings.gameOptions.control.bindings.restart.alt).toBe('mouse2');
    expect(store.getState().settings.gameOptions.control.bindings.ads.key).toBeNull();
  });

  test('a pad button is assigned as button{n} by polling the gamepads', async () => {
    const buttons = Array.from({ length: 16 }, () => ({ pressed: false, value: 0, touched: false }));
    buttons[5].pressed = true; // held before listening: ignored
    Object.defineProperty(navigator, 'getGamepads', { configurable: true, value: () => [{ buttons }] });
    try {
      const { store } = await openBindings();
      const cell = screen.getByTestId('binding-fire-pad');
      fireEvent.click(cell);
      expect(cell).toHaveTextContent('Press a button…');
      fireEvent.keyDown(window, { code: 'KeyQ', key: 'q' }); // keys do not go into pad cells
      expect(cell).toHaveTextContent('Press a button…');
      await new Promise((r) => setTimeout(r, 60));
      expect(cell).toHaveTextContent('Press a button…');
      buttons[3].pressed = true;
      await waitFor(() => expect(cell).toHaveTextContent('Pad 3'));
      expect(store.getState().settings.gameOptions.control.bindings.fire.pad).toBe('button3');
    } finally {
      delete (navigator as unknown as Record<string, unknown>).getGamepads;
    }
  });

  test('the left button is assigned as mouse0 and its click does not start listening again', async () => {
    const { store } = await openBindings();
    fireEvent.click(screen.getByTestId('binding-fire-key')); // clear fire's mouse0 first
    fireEvent.keyDown(window, { code: 'KeyF', key: 'f' });
    const cell = screen.getByTestId('binding-ads-alt');
    fireEvent.click(cell);
    fireEvent.mouseDown(cell, { button: 0 });
    fireEvent.click(cell); // the click that follows the press is swallowed
    expect(cell).toHaveTextContent('Mouse Left');
    expect(store.getState().settings.gameOptions.control.bindings.ads.alt).toBe('mouse0');
  });

  test('the bindings trap: a click on another cell or outside only cancels; Fire keeps Mouse Left', async () => {
    const { store } = await openBindings();
    const restart = screen.getByTestId('binding-restart-alt');
    fireEvent.click(restart);
    // the player changes their mind and clicks another cell: nothing is bound anywhere
    const other = screen.getByTestId('binding-left-alt');
    fireEvent.mouseDown(other, { button: 0 });
    fireEvent.click(other);
    expect(restart).toHaveTextContent('—');
    expect(other).toHaveTextContent('—');
    expect(store.getState().settings.gameOptions.control.bindings.fire.key).toBe('mouse0');
    expect(store.getState().settings.modified).toBe(false);
    // a click outside the table cancels too
    fireEvent.click(restart);
    fireEvent.mouseDown(screen.getByTestId('settings-tab-video'), { button: 0 });
    expect(restart).toHaveTextContent('—');
    expect(store.getState().settings.gameOptions.control.bindings.fire.key).toBe('mouse0');
    expect(store.getState().settings.modified).toBe(false);
  });

  test('a reassignment says which action lost the key', async () => {
    await openBindings();
    const ads = screen.getByTestId('binding-ads-alt');
    fireEvent.click(ads);
    fireEvent.mouseDown(ads, { button: 0 }); // Mouse Left, which Fire had
    fireEvent.click(ads); // (swallowed: it does not start listening again)
    expect(ads).toHaveTextContent('Mouse Left');
    expect(screen.getByTestId('binding-fire-key')).toHaveTextContent('—');
    expect(screen.getByTestId('binding-moved')).toHaveTextContent('Mouse Left was removed from Fire.');
    // a key nobody had: no notice
    fireEvent.click(screen.getByTestId('binding-forward-alt'));
    fireEvent.keyDown(window, { code: 'KeyU', key: 'u' });
    expect(screen.getByTestId('binding-forward-alt')).toHaveTextContent(/^U$/);
    expect(screen.queryByTestId('binding-moved')).not.toBeInTheDocument();
  });

  test('Escape cancels listening (and does not close the menu)', async () => {
    const { store, onClose } = await openBindings();
    const cell = screen.getByTestId('binding-fire-alt');
    fireEvent.click(cell);
    fireEvent.keyDown(window, { code: 'Escape', key: 'Escape' });
    expect(cell).toHaveTextContent('—');
    expect(store.getState().settings.modified).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(window, { code: 'KeyF', key: 'f' });
    expect(store.getState().settings.gameOptions.control.bindings.fire.alt).toBeNull();
  });

  test("the pause binding's main key is not editable", async () => {
    await openBindings();
    const cell = screen.getByTestId('binding-pause-key');
    expect(cell).toHaveTextContent('Esc');
    expect(cell).toBeDisabled();
    expect(screen.getByTestId('binding-pause-alt')).toBeEnabled();
  });

  test('the clear button empties a binding', async () => {
    const { store } = await openBindings();
    fireEvent.click(screen.getByTestId('binding-fire-clear'));
    expect(screen.getByTestId('binding-fire-key')).toHaveTextContent('—');
    expect(screen.getByTestId('binding-fire-pad')).toHaveTextContent('—');
    expect(store.getState().settings.gameOptions.control.bindings.fire).toEqual({ key: null, alt: null, pad: null });
    fireEvent.click(screen.getByTestId('binding-pause-clear'));
    expect(store.getState().settings.gameOptions.control.bindings.pause).toEqual({ key: 'Escape', alt: null, pad: null });
  });
});

describe('sensitivity conversion', () => {
  test('sits at the top of the Mouse tab, before the sensitivity slider', async () => {
    await renderMenu();
    const converter = await screen.findByTestId('sens-converter');
    const slider = screen.getByTestId('setting-mouse_sens');
    // DOCUMENT_POSITION_FOLLOWING: the slider comes after the converter
    expect(converter.compareDocumentPosition(slider) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const mouseTab = screen.getByTestId('settings-mouse');
    expect(mouseTab.querySelector('.settings-section__title')).toHaveTextContent('Sensitivity converter');
  });

  test('game → this trainer: CS2 2 → product sensitivity 2 (yaw 0.022, sensitivity.md §1), applied; beyond 1000 is invalid', async () => {
    const { store, calls } = await renderMenu();
    const from = await screen.findByTestId('sens-convert-from');
    expect(calls.some((c) => c.url === '/api/v1/user/game-sensitivity-data/basic')).toBe(true);
    expect(screen.getByTestId('sens-convert-to')).toHaveValue('product');
    fireEvent.change(from, { target: { value: 'cs2' } });
    fireEvent.change(screen.getByTestId('sens-convert-value'), { target: { value: '2' } });
    const result = screen.getByTestId('sens-convert-result');
    expect(result).toHaveTextContent(/^2$/);
    expect(result).not.toHaveClass('converter__value--invalid');
    // 360° distance needs no FOV
    expect(screen.queryByTestId('sens-convert-fov-from')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('sens-convert-apply'));
    expect(store.getState().settings.controls.mouse_sens).toBe(2);
    expect(screen.getByTestId('setting-mouse_sens')).toHaveValue(2);

    fireEvent.change(screen.getByTestId('sens-convert-value'), { target: { value: '2000' } });
    expect(result).toHaveTextContent('2000');
    expect(result).toHaveClass('converter__value--invalid');
    expect(screen.getByTestId('sens-convert-apply')).toBeDisabled();
    fireEvent.change(screen.getByTestId('sens-convert-value'), { target: { value: '0.00001' } });
    expect(result).toHaveClass('converter__value--invalid');
  });

  test('this trainer → game and game → game: product 2 → VALORANT 0.6286; CS2 2 → Overwatch 2 6.6667 (sensitivity.md §1)', async () => {
    await renderMenu();
    const from = await screen.findByTestId('sens-convert-from');
    fireEvent.change(from, { target: { value: 'product' } });
    fireEvent.change(screen.getByTestId('sens-convert-to'), { target: { value: 'valorant' } });
    fireEvent.change(screen.getByTestId('sens-convert-value'), { target: { value: '2' } });
    expect(screen.getByTestId('sens-convert-result')).toHaveTextContent(/^0\.6286$/);
    // no Apply when the result is another game's number
    expect(screen.queryByTestId('sens-convert-apply')).not.toBeInTheDocument();

    fireEvent.change(from, { target: { value: 'cs2' } });
    fireEvent.change(screen.getByTestId('sens-convert-to'), { target: { value: 'overwatch2' } });
    fireEvent.change(screen.getByTestId('sens-convert-value'), { target: { value: '2' } });
    expect(screen.getByTestId('sens-convert-result')).toHaveTextContent(/^6\.6667$/);
  });

  test('swap turns the direction round and carries the result over', async () => {
    await renderMenu();
    fireEvent.change(await screen.findByTestId('sens-convert-from'), { target: { value: 'valorant' } });
    fireEvent.change(screen.getByTestId('sens-convert-value'), { target: { value: '0.5' } });
    expect(Number(screen.getByTestId('sens-convert-result').textContent)).toBeCloseTo(1.5909, 4); // 0.5·0.07/0.022
    fireEvent.click(screen.getByTestId('sens-convert-swap'));
    expect(screen.getByTestId('sens-convert-from')).toHaveValue('product');
    expect(screen.getByTestId('sens-convert-to')).toHaveValue('valorant');
    expect(screen.getByTestId('sens-convert-value')).toHaveValue(1.5909);
    expect(Number(screen.getByTestId('sens-convert-result').textContent)).toBeCloseTo(0.5, 4);
  });

  test('match mode: monitor distance 0 % uses both FOVs; a game without a known FOV asks for it', async () => {
    const { store } = await renderMenu();
    fireEvent.change(await screen.findByTestId('sens-convert-from'), { target: { value: 'cs2' } });
    fireEvent.change(screen.getByTestId('sens-convert-value'), { target: { value: '1' } });
    const mode = screen.getByTestId('sens-convert-mode');
    expect(mode).toHaveValue('360');
    expect(within(mode).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '360° distance', 'Monitor distance 0% (focal length)', 'Monitor distance 56.25%', 'Monitor distance 75%',
      'Monitor distance 100%', 'Viewspeed',
    ]);
    fireEvent.change(mode, { target: { value: 'md0' } });
    // CS2 (90 h4:3) → the trainer at 103° h on the window's aspect, 0 % = focal-length ratio
    // tan(103°/2) / tan(h_cs2/2) (S12; 0.942879 at 16:9, see test/unit/sensitivity/match.test.ts)
    const aspect = window.innerWidth / window.innerHeight;
    const hCs = (2 * Math.atan(Math.tan(Math.PI / 4) * aspect * 0.75) * 180) / Math.PI;
    const expected = Math.tan((103 / 2) * (Math.PI / 180)) / Math.tan((hCs / 2) * (Math.PI / 180));
    expect(Number(screen.getByTestId('sens-convert-result').textContent)).toBeCloseTo(expected, 4);
    expect(Number(screen.getByTestId('sens-convert-result').textContent)).not.toBeCloseTo(1, 2);
    // CS2's FOV is fixed (90): the input shows it as its placeholder
    expect(screen.getByTestId('sens-convert-fov-from')).toHaveAttribute('placeholder', '90');

    // Overwatch 2 has no verified default FOV: no result until it is typed
    fireEvent.change(screen.getByTestId('sens-convert-from'), { target: { value: 'overwatch2' } });
    fireEvent.change(screen.getByTestId('sens-convert-value'), { target: { value: '5' } });
    expect(screen.getByTestId('sens-convert-result')).toHaveTextContent('—');
    expect(screen.getByTestId('sens-convert-fov-missing')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('sens-convert-fov-from'), { target: { value: '103' } });
    // the same FOV (103 h) as the trainer: 5 · 0.0066 / 0.022 = 1.5 in every mode
    expect(Number(screen.getByTestId('sens-convert-result').textContent)).toBeCloseTo(1.5, 6);
    expect(store.getState().settings.controls.fov).toBe(103);
  });

  test("take-FOV button sets the trainer's FOV and FOV type to the game's", async () => {
    const { store } = await renderMenu();
    fireEvent.change(await screen.findByTestId('sens-convert-from'), { target: { value: 'minecraft' } });
    fireEvent.change(screen.getByTestId('sens-convert-value'), { target: { value: '100' } });
    const take = screen.getByTestId('sens-convert-take-fov');
    expect(take).toHaveTextContent('Use its FOV (70° vertical)');
    expect(take).toHaveAttribute('title', "Sets this trainer's FOV and FOV type to Minecraft Java (slider %)'s.");
    fireEvent.click(take);
    // Minecraft: vertical FOV, default 70 (S8)
    expect(store.getState().settings.controls).toMatchObject({ fov: 70, fov_type: 'v' });
    expect(store.getState().settings.gameOptions.other).toMatchObject({ fov: 70, fov_type: 'v' });
    expect(screen.getByTestId('setting-fov')).toHaveValue(70);
    expect(screen.getByTestId('settings-save')).toBeEnabled();
    // with the same FOV on both sides, monitor distance 0 % equals 360° distance: 0.15° / 0.022 = 6.8182
    fireEvent.change(screen.getByTestId('sens-convert-mode'), { target: { value: 'md0' } });
    expect(Number(screen.getByTestId('sens-convert-result').textContent)).toBeCloseTo(0.15 / 0.022, 4);
  });

  test('with a DPI the result shows its cm/360: CS2 2 at 800 DPI = 25.98 cm (sensitivity.md §1), also for a game result', async () => {
    await renderMenu();
    typeAndCommit('setting-mouse_dpi', '800');
    fireEvent.change(await screen.findByTestId('sens-convert-from'), { target: { value: 'cs2' } });
    fireEvent.change(screen.getByTestId('sens-convert-value'), { target: { value: '2' } });
    expect(screen.getByTestId('sens-convert-cm360')).toHaveTextContent('25.98 cm/360° at 800 DPI');
    fireEvent.change(screen.getByTestId('sens-convert-to'), { target: { value: 'valorant' } });
    // the same 360° distance in VALORANT (0.6286 × 0.07 = 0.044° per count)
    expect(screen.getByTestId('sens-convert-cm360')).toHaveTextContent('25.98 cm/360° at 800 DPI');
    typeAndCommit('setting-mouse_dpi', '');
    expect(screen.queryByTestId('sens-convert-cm360')).not.toBeInTheDocument();
  });

  test('every game with a formula is offered, single-source ones labelled "1 source"; the three without a yaw are not', async () => {
    await renderMenu();
    const from = await screen.findByTestId('sens-convert-from');
    const options = within(from).getAllByRole('option') as HTMLOptionElement[];
    const values = options.map((o) => o.value);
    expect(values).toEqual(expect.arrayContaining(['cs2', 'paladins', 'roblox', 'aimlab', 'kovaaks-source']));
    for (const gone of ['warframe', 'roguecompany', 'arma3']) expect(values).not.toContain(gone);
    expect(options.find((o) => o.value === 'paladins')!.textContent).toBe('Paladins · 1 source');
    expect(options.find((o) => o.value === 'cs2')!.textContent).toMatch(/ · 2 sources agree$/);
    expect(from.textContent).not.toMatch(/unverified/);
  });
});

describe('video, visuals', () => {
  test('presets, Custom on edit, the anti-aliasing restart notice', async () => {
    const { store } = await renderMenu();
    fireEvent.click(screen.getByTestId('settings-tab-video'));
    const preset = screen.getByTestId('setting-video_preset') as HTMLSelectElement;
    expect(preset.value).toBe('High');
    expect(screen.queryByTestId('settings-restart-notice')).not.toBeInTheDocument();
    fireEvent.change(preset, { target: { value: 'Low' } });
    expect(store.getState().settings.gameOptions.video).toMatchObject({ anisotropy: 1, anti_aliasing: false, render_scale: 0.5, shadows: 0 });
    expect(screen.getByTestId('setting-render_scale')).toHaveValue(0.5);
    expect(screen.getByTestId('settings-restart-notice')).toBeInTheDocument();
    typeAndCommit('setting-brightness', '0.93');
    expect(store.getState().settings.gameOptions.video.brightness).toBe(0.95);
    expect(preset.value).toBe('Custom');
    fireEvent.click(screen.getByTestId('setting-anti_aliasing'));
    expect(screen.queryByTestId('settings-restart-notice')).not.toBeInTheDocument();
  });

  test('max FPS is disabled outside the desktop client', async () => {
    await renderMenu(undefined, { userAgent: 'Mozilla/5.0 Chrome' });
    fireEvent.click(screen.getByTestId('settings-tab-video'));
    expect(screen.getByTestId('setting-max_fps_enabled')).toBeDisabled();
    expect(screen.getByTestId('setting-max_fps')).toBeDisabled();
  });

  test('max FPS in the desktop client: on = 1000, 60-4000', async () => {
    const { store } = await renderMenu(undefined, { userAgent: 'Mozilla/5.0 AimTrainerDesktop/1.2' });
    fireEvent.click(screen.getByTestId('settings-tab-video'));
    expect(screen.getByTestId('setting-max_fps')).toBeDisabled();
    fireEvent.click(screen.getByTestId('setting-max_fps_enabled'));
    expect(store.getState().settings.gameOptions.video.max_fps).toBe(1000);
    expect(typeAndCommit('setting-max_fps', '5000')).toHaveValue(4000);
    fireEvent.click(screen.getByTestId('setting-max_fps_enabled'));
    expect(store.getState().settings.gameOptions.video.max_fps).toBeNull();
  });

  test('theme presets set the colours; editing one makes the theme Custom', async () => {
    const { store } = await renderMenu();
    fireEvent.click(screen.getByTestId('settings-tab-visuals'));
    const theme = screen.getByTestId('setting-theme') as HTMLSelectElement;
    expect(theme.value).toBe('Default');
    fireEvent.change(theme, { target: { value: 'Winter' } });
    expect(store.getState().settings.gameOptions.texture).toMatchObject({ theme: 'Winter', ...THEME_PRESETS.Winter });
    expect(screen.getByTestId('setting-wall_colour')).toHaveValue(THEME_PRESETS.Winter.wall_colour);
    fireEvent.change(screen.getByTestId('setting-target_colour'), { target: { value: '#123456' } });
    expect(theme.value).toBe('Custom');
    expect(typeAndCommit('setting-line_thickness', '300')).toHaveValue(250);
  });

  test('the HUD tab lists the crosshair editors and opens one as a sub-page', async () => {
    const { onClose } = await renderMenu();
    fireEvent.click(screen.getByTestId('settings-tab-hud'));
    expect(screen.getByTestId('crosshair-editor-list')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('crosshair-open-hitmarker'));
    expect(screen.getByTestId('settings-crosshair-editor')).toBeInTheDocument();
    expect(screen.queryByTestId('settings-reset')).not.toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'Escape', code: 'Escape' }); // left to the editor
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('settings-tab-audio'));
    fireEvent.click(screen.getByTestId('settings-tab-hud'));
    expect(screen.getByTestId('crosshair-editor-list')).toBeInTheDocument();
    expect(screen.getByTestId('settings-reset')).toBeInTheDocument();
  });
});

describe('unsaved editor changes are caught wherever the player leaves from', () => {
  /** the routes plus the crosshair setting API (GET stored, POST echo or `post`) */
  function withCrosshair(post?: Route): Record<string, Route> {
    return {
      ...settingsRoutes(),
      '/api/v2/user/': (url, init) =>
        init?.method === 'POST'
          ? (post ?? (() => jsonResponse({ success: true, ...JSON.parse(String(init.body)) })))(url, init)
          : jsonResponse({ enabled: false, config: null }),
    };
  }

  async function editHitmarker(routes: Record<string, Route>) {
    const r = await renderMenu(routes);
    fireEvent.click(screen.getByTestId('settings-tab-hud'));
    fireEvent.click(screen.getByTestId('crosshair-open-hitmarker'));
    await screen.findByTestId('crosshair-field-crosshair.len');
    typeAndCommit('crosshair-field-crosshair.len', '15');
    await waitFor(() => expect(r.store.getState().crosshair.entries.hitmarker.draft.config.crosshair.len).toBe(15));
    expect(r.store.getState().settings.modified).toBe(false); // only the editor's draft changed
    return r;
  }

  test("the menu's Back with an editor's unsaved draft opens the confirm modal; Revert drops the draft", async () => {
    const { store, onClose } = await editHitmarker(withCrosshair());
    // while the editor is open, its Back is the only Back on screen
    expect(screen.queryByTestId('settings-back')).not.toBeInTheDocument();
    expect(screen.queryByTestId('settings-save')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Back' })).toHaveLength(1);
    fireEvent.click(screen.getByTestId('settings-tab-visuals'));
    fireEvent.click(screen.getByTestId('settings-back'));
    expect(screen.getByTestId('confirm-modal')).toHaveTextContent('You have unsaved changes.');
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-revert'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(store.getState().crosshair.entries.hitmarker.draft).toEqual(store.getState().crosshair.entries.hitmarker.stored);
  });

  test('leaving the editor by another tab keeps the draft, and Back still asks; Save posts it', async () => {
    const { store, onClose, calls } = await editHitmarker(withCrosshair());
    fireEvent.click(screen.getByTestId('settings-tab-audio'));
    fireEvent.keyDown(document.body, { key: 'Escape', code: 'Escape' }); // Escape is Back
    expect(screen.getByTestId('confirm-modal')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('confirm-save'));
    await waitFor(() => expect(screen.getByTestId('confirm-status')).toHaveTextContent('Saved'));
    const post = calls.find((c) => c.url === '/api/v2/user/hitmarker' && c.init?.method === 'POST');
    expect(JSON.parse(String(post!.init!.body)).config.crosshair.len).toBe(15);
    expect(store.getState().crosshair.entries.hitmarker.stored.config.crosshair.len).toBe(15);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });

  test("a failed editor save reads 'Failed to save' and the menu stays open", async () => {
    const { onClose } = await editHitmarker(withCrosshair(() => jsonResponse({ error: 'db down' }, 503, 'Service Unavailable')));
    fireEvent.click(screen.getByTestId('settings-tab-audio'));
    fireEvent.click(screen.getByTestId('settings-back'));
    fireEvent.click(screen.getByTestId('confirm-save'));
    await waitFor(() => expect(screen.getByTestId('confirm-status')).toHaveTextContent('Failed to save'));
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('in the game and standalone', () => {
  test('the pause menu opens the settings; Back returns to the pause menu', async () => {
    const { fn } = fakeFetch(settingsRoutes());
    const store = makeStore(fakeEnv({ fetch: fn }).env, { run: { ...initialRunState, projectState: ProjectState.GamePaused } });
    render(
      <Provider store={store}>
        <PauseMenu />
      </Provider>,
    );
    const settingsButton = screen.getByRole('button', { name: 'Settings' });
    expect(settingsButton).toBeEnabled();
    fireEvent.click(settingsButton);
    // the settings menu is a lazily loaded chunk (issue 18 item 1): it appears once loaded
    expect(await screen.findByTestId('settings-menu')).toBeInTheDocument();
    expect(screen.queryByTestId('pause-menu')).not.toBeInTheDocument();
    await waitFor(() => expect(store.getState().settings.loaded).toBe(true));
    fireEvent.click(screen.getByTestId('settings-back'));
    expect(screen.getByTestId('pause-menu')).toBeInTheDocument();
    expect(screen.queryByTestId('settings-menu')).not.toBeInTheDocument();
  });

  test('the standalone page renders the same menu full-page', async () => {
    const { fn } = fakeFetch(settingsRoutes());
    const store = makeStore(fakeEnv({ fetch: fn }).env);
    const onClose = jest.fn();
    render(
      <Provider store={store}>
        <SettingsPage onClose={onClose} />
      </Provider>,
    );
    const menu = screen.getByTestId('settings-menu');
    expect(menu).toHaveClass('settings-page');
    await waitFor(() => expect(store.getState().settings.loaded).toBe(true));
    fireEvent.click(screen.getByTestId('settings-back'));
    expect(onClose).toHaveBeenCalled();
  });

  test('the settings page routes the editors: #settings.hitmarker opens that editor; opening one writes its route', async () => {
    const { fn } = fakeFetch({ ...settingsRoutes(), '/api/v2/user/': () => jsonResponse({ enabled: false, config: null }) });
    const store = makeStore(fakeEnv({ fetch: fn }).env);
    window.history.replaceState(null, '', '/gameoptions/edit#settings.hitmarker');
    try {
      render(
        <Provider store={store}>
          <SettingsPage onClose={jest.fn()} />
        </Provider>,
      );
      expect(await screen.findByTestId('crosshair-editor-hitmarker')).toBeInTheDocument();
      expect(screen.getByTestId('settings-tab-hud')).toHaveAttribute('aria-selected', 'true');
      // the editor's Back: the HUD tab, with the editors linked at its top, and the route gone
      fireEvent.click(screen.getByTestId('crosshair-back'));
      const hud = await screen.findByTestId('settings-hud');
      expect(hud.firstElementChild).toBe(screen.getByTestId('crosshair-editor-list'));
      expect(window.location.hash).toBe('');
      fireEvent.click(screen.getByTestId('crosshair-open-ads'));
      expect(window.location.hash).toBe('#settings.ads');
      // a hash change (a link, the back button) follows
      window.history.replaceState(null, '', '/gameoptions/edit#settings.missmarker');
      act(() => {
        window.dispatchEvent(new HashChangeEvent('hashchange'));
      });
      expect(await screen.findByTestId('crosshair-editor-missmarker')).toBeInTheDocument();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
