import { defaultControlOptions, defaultGameOptions } from '../../src/contracts/gameOptions';
import { defaultCrosshairConfig } from '../../src/contracts/crosshair';
import { Client, startTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

describe('/gameoptions/edit', () => {
  test('a new player gets the defaults', async () => {
    const res = await new Client(server).get('/gameoptions/edit');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ controls: defaultControlOptions(), game_options: defaultGameOptions() });
    expect(server.query('select * from game_options')).toEqual([]);
  });

  test('saving clamps sensitivity, fov and ads_sens, stores them, and answers what was stored', async () => {
    const c = new Client(server);
    const res = await c.post('/gameoptions/edit', {
      controls: { ...defaultControlOptions(), mouse_sens: 50, mouse_sens_y: 0, fov: 20, ads_sens: 1000, mouse_inverse: 1 },
      game_options: { audio: { volume: 12, music: 2.6 }, hud: { status_bar_size: 3 } },
    });
    expect(res.statusCode).toBe(200);
    const expectedControls = { ...defaultControlOptions(), mouse_sens: 10, mouse_sens_y: 0.001, fov: 40, ads_sens: 100, mouse_inverse: 1 };
    const expectedOptions = defaultGameOptions();
    expectedOptions.audio.volume = 10;
    expectedOptions.audio.music = 3;
    expectedOptions.hud.status_bar_size = 1.4;
    expectedOptions.other.fov = 40; // one FOV: other.fov mirrors controls.fov (settingsValidation.test.ts)
    expect(res.json()).toEqual({ success: true, controls: expectedControls, game_options: expectedOptions });
    expect((await c.get('/gameoptions/edit')).json()).toEqual({ controls: expectedControls, game_options: expectedOptions });

    const rows = server.query<{ controls: string; game_options: string }>('select controls, game_options from game_options');
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].controls)).toEqual(expectedControls);
    expect(JSON.parse(rows[0].game_options)).toEqual(expectedOptions);

    const low = await c.post('/gameoptions/edit', { controls: { mouse_sens: 0, ads_sens: 0, fov: 141.5 } });
    expect(low.json().controls).toEqual({ ...expectedControls, mouse_sens: 0.001, ads_sens: 0.001, fov: 140 });
  });

  test('saving rounds to the shared steps (settingRanges.ts), but keeps a sensitivity exact', async () => {
    const c = new Client(server);
    const res = await c.post('/gameoptions/edit', {
      controls: { mouse_sens: 1.23456, mouse_sens_y: 1.75, ads_sens: 0.83333, fov: 103.456, mouse_dpi: 850 },
      game_options: { hud: { status_bar_size: 1.234 }, video: { brightness: 0.93 }, control: { gamepad: { left_deadzone: 0.123, horizontal_sens: 1.23456 } } },
    });
    expect(res.statusCode).toBe(200);
    const { controls, game_options } = res.json();
    expect(controls).toMatchObject({ mouse_sens: 1.23456, mouse_sens_y: 1.75, ads_sens: 0.83333, fov: 103.46, mouse_dpi: 900 });
    expect(game_options.hud.status_bar_size).toBe(1.23);
    expect(game_options.video).toMatchObject({ brightness: 0.95 });
    expect(game_options.control.gamepad).toMatchObject({ left_deadzone: 0.12, horizontal_sens: 1.23456 });
  });

  test('settings are per player', async () => {
    const a = new Client(server);
    const b = new Client(server);
    await a.post('/gameoptions/edit', { controls: { mouse_sens: 2.2 } });
    await b.get('/gameoptions/edit');
    expect((await b.get('/gameoptions/edit')).json().controls.mouse_sens).toBe(1);
    expect((await a.get('/gameoptions/edit')).json().controls.mouse_sens).toBe(2.2);
    await b.post('/gameoptions/edit', { controls: { mouse_sens: 0.5 } });
    expect((await a.get('/gameoptions/edit')).json().controls.mouse_sens).toBe(2.2);
    expect((await b.get('/gameoptions/edit')).json().controls.mouse_sens).toBe(0.5);
  });

  test.each([
    [{ controls: { mouse_sens: 'fast' } }],
    [{ controls: { fov_type: 'x' } }],
    [{ controls: { mouse_inverse: 2 } }],
    [{ controls: { unknown_field: 1 } }],
    [{ game_options: { video: { shadows: 5 } } }],
    [{ game_options: { audio: 'loud' } }],
    [{}],
    [[1, 2]],
  ])('an invalid body %p is 400 and stores nothing', async (body) => {
    const res = await new Client(server).post('/gameoptions/edit', body);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
    expect(server.query('select * from game_options')).toEqual([]);
  });

  // issue 33 item 7: what the settings UI can never send is refused with a clear error
  test.each([
    [{ game_options: { control: { bindings: { fire: { key: '<script>', alt: null, pad: null } } } } }, 'KeyboardEvent.code'],
    [{ game_options: { control: { bindings: { fire: { key: 'AudioVolumeUp', alt: null, pad: null } } } } }, 'KeyboardEvent.code'],
    [{ game_options: { control: { bindings: { fire: { key: 'mouse7', alt: null, pad: null } } } } }, 'mouse0 to mouse4'],
    [{ game_options: { control: { bindings: { fire: { key: 'mouse0', alt: null, pad: 'button99' } } } } }, 'button0 to button16'],
    [{ game_options: { texture: { theme: 'Bogus' } } }, 'theme must be one of'],
    [{ game_options: { video: { max_fps: 144 } } }, 'desktop client'],
  ])('%p is 400 naming the rule, and stores nothing', async (body, message) => {
    const res = await new Client(server).post('/gameoptions/edit', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect(server.query('select * from game_options')).toEqual([]);
  });

  test('valid codes, a preset theme and max_fps from the desktop client are stored', async () => {
    const c = new Client(server);
    const ok = await c.post('/gameoptions/edit', { game_options: {
      control: { bindings: { fire: { key: 'mouse0', alt: 'KeyF', pad: 'button16' } } }, texture: { theme: 'Spring' }, video: { max_fps: null },
    } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().game_options.control.bindings.fire).toEqual({ key: 'mouse0', alt: 'KeyF', pad: 'button16' });
    const desktop = await (c as unknown as { request(o: object): Promise<{ statusCode: number; json(): any }> }).request({
      method: 'POST', url: '/gameoptions/edit', payload: { game_options: { video: { max_fps: 144.4 } } },
      headers: { 'user-agent': 'Mozilla/5.0 AimTrainerDesktop/1.0' },
    });
    expect(desktop.statusCode).toBe(200);
    expect(desktop.json().game_options.video.max_fps).toBe(144); // rounded to the shared step
  });

  test('a browser navigation (Accept text/html) to /gameoptions/edit gets the page, not JSON', async () => {
    const res = await new Client(server).get('/gameoptions/edit', { accept: 'text/html,application/xhtml+xml' });
    // the test server has no dist/: the page answer is the 503 "not built" text
    expect(res.statusCode).toBe(503);
    expect(res.body).toMatch(/npm run build/);
  });
});

describe('/api/v2/user/:type', () => {
  test.each(['crosshair', 'hitmarker', 'missmarker', 'ads'])('GET %s is the default, disabled, for a new player', async (type) => {
    const res = await new Client(server).get(`/api/v2/user/${type}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: false, config: defaultCrosshairConfig() });
  });

  test('POST clamps to the spec ranges, stores, and GET answers it', async () => {
    const c = new Client(server);
    const config = {
      ...defaultCrosshairConfig(),
      color: { r: 300, g: -4, b: 12.4, a: 999 },
      outline: 11,
      alpha: 300,
      crosshair: { ...defaultCrosshairConfig().crosshair, len: 0, thick: 25, gap: -1 },
      dot: { enabled: false, size: 1 },
      disc: { enabled: true, size: 50, thick: 0 },
    };
    const res = await c.post('/api/v2/user/crosshair', { enabled: true, config });
    expect(res.statusCode).toBe(200);
    const expected = {
      ...defaultCrosshairConfig(),
      color: { r: 255, g: 0, b: 12, a: 255 },
      outline: 10,
      alpha: 255,
      crosshair: { ...defaultCrosshairConfig().crosshair, len: 1, thick: 20, gap: 0 },
      dot: { enabled: false, size: 2 },
      disc: { enabled: true, size: 40, thick: 1 },
    };
    expect(res.json()).toEqual({ success: true, enabled: true, config: expected });
    expect((await c.get('/api/v2/user/crosshair')).json()).toEqual({ enabled: true, config: expected });
    // other types untouched
    expect((await c.get('/api/v2/user/ads')).json()).toEqual({ enabled: false, config: defaultCrosshairConfig() });
    const rows = server.query<{ type: string; enabled: number; config: string }>('select type, enabled, config from crosshairs');
    expect(rows).toHaveLength(1);
    expect(rows[0].type).toBe('crosshair');
    expect(rows[0].enabled).toBe(1);
    expect(JSON.parse(rows[0].config)).toEqual(expected);

    const low = await c.post('/api/v2/user/crosshair', { enabled: false, config: { outline: -1, alpha: -5 } });
    expect(low.json().config.outline).toBe(0);
    expect(low.json().config.alpha).toBe(0);
    expect(low.json().enabled).toBe(false);
  });

  test('POST rounds to the editor steps (the shared CROSSHAIR_RANGES)', async () => {
    const c = new Client(server);
    const config = { crosshair: { len: 8.12345, thick: 0.7, gap: 2.3, radius: 12 }, outline: 2.6, alpha: 127.6, color: { r: 1, g: 2, b: 3, a: 12.4 } };
    const res = await c.post('/api/v2/user/crosshair', { enabled: true, config });
    expect(res.statusCode).toBe(200);
    const got = res.json().config;
    expect(got.crosshair).toMatchObject({ len: 8.123, thick: 0.5, gap: 2.5, radius: 10 });
    expect(got).toMatchObject({ outline: 3, alpha: 128, color: { r: 1, g: 2, b: 3, a: 12 } });
  });

  test('crosshairs are per player', async () => {
    const a = new Client(server);
    const b = new Client(server);
    await a.post('/api/v2/user/hitmarker', { enabled: true, config: { alpha: 128 } });
    expect((await b.get('/api/v2/user/hitmarker')).json()).toEqual({ enabled: false, config: defaultCrosshairConfig() });
    expect((await a.get('/api/v2/user/hitmarker')).json()).toEqual({ enabled: true, config: { ...defaultCrosshairConfig(), alpha: 128 } });
  });

  test('an unknown type is 404 JSON (GET and POST)', async () => {
    const c = new Client(server);
    const g = await c.get('/api/v2/user/scope');
    expect(g.statusCode).toBe(404);
    expect(g.json()).toEqual({ error: "Unknown setting type 'scope'" });
    const p = await c.post('/api/v2/user/scope', { enabled: true, config: {} });
    expect(p.statusCode).toBe(404);
    expect(server.query('select * from crosshairs')).toEqual([]);
  });

  test.each([
    [{ config: {} }],
    [{ enabled: 'yes', config: {} }],
    [{ enabled: true, config: { outline: '3' } }],
    [{ enabled: true, config: { color: { r: 1, g: 2 } } }],
    [{ enabled: true, config: { dot: { size: 4, shape: 'x' } } }],
  ])('an invalid body %p is 400 and stores nothing', async (body) => {
    const res = await new Client(server).post('/api/v2/user/crosshair', body);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
    expect(server.query('select * from crosshairs')).toEqual([]);
  });
});
