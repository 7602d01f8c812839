/**
 * Server validation of what the settings routes store (issue 16 item 5): colours, the binding
 * rules of spec section 5, and one FOV (src/contracts/settingsRules.ts). Each refusal is a 400
 * `{ error }` that names the field, and nothing is stored.
 */
import { defaultControlOptions, defaultGameOptions } from '../../src/contracts/gameOptions';
import { Client, startTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** POSTs `body` as a fresh player; answers status, error and the rows stored for players. */
async function post(path: string, body: unknown, c = new Client(server)) {
  const res = await c.post(path, body);
  return { status: res.statusCode, body: res.json() as { error?: string; success?: boolean; controls?: any; game_options?: any }, c };
}

describe('colours', () => {
  test.each([
    ['visual', 'sight_colour', 'javascript:1'],
    ['texture', 'target_colour', 'red'],
    ['texture', 'wall_colour', '#12345'],
    ['texture', 'line_colour', '#1234567'],
    ['texture', 'wall_colour', 'url(x)'],
    ['visual', 'sight_colour', '#ggg000'],
  ])('game_options.%s.%s = %j is refused with 400 and a clear message', async (group, field, value) => {
    const before = server.query('select count(*) as n from game_options');
    const r = await post('/gameoptions/edit', { game_options: { [group]: { [field]: value } } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(`Invalid request: body/game_options/${group}/${field} must be a colour "#rrggbb" (6 hex digits)`);
    expect(server.query('select count(*) as n from game_options')).toEqual(before);
  });

  test('#rrggbb (either case) is stored and answered back', async () => {
    const r = await post('/gameoptions/edit', { game_options: { visual: { sight_colour: '#A0b1C2' }, texture: { wall_colour: '#000000' } } });
    expect(r.status).toBe(200);
    expect(r.body.game_options.visual.sight_colour).toBe('#A0b1C2');
    expect((await r.c.get('/gameoptions/edit')).json().game_options.texture.wall_colour).toBe('#000000');
  });

  test('a crosshair colour must be an { r, g, b, a } object: "javascript:1" is 400; channels are clamped to 0-255', async () => {
    const bad = await post('/api/v2/user/crosshair', { enabled: true, config: { color: 'javascript:1' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Invalid request: body/config/color must be object');
    const badOutline = await post('/api/v2/user/hitmarker', { enabled: true, config: { outlineColor: { r: 'javascript:1', g: 0, b: 0 } } });
    expect(badOutline.status).toBe(400);
    expect(badOutline.body.error).toBe('Invalid request: body/config/outlineColor/r must be number');
    const ok = await post('/api/v2/user/crosshair', { enabled: true, config: { color: { r: 300, g: -1, b: 10, a: 128 } } });
    expect(ok.status).toBe(200);
    expect((ok.body as any).config.color).toEqual({ r: 255, g: 0, b: 10, a: 128 });
  });

  test('a colour stored before the check is answered as its default, so the client never re-sends it', async () => {
    const r = await post('/gameoptions/edit', { game_options: { audio: { volume: 5 } } });
    expect(r.status).toBe(200);
    const row = server.query<{ user_id: number; game_options: string }>('select user_id, game_options from game_options order by user_id desc limit 1')[0];
    const doc = JSON.parse(row.game_options);
    doc.visual.sight_colour = 'javascript:1';
    server.exec('update game_options set game_options = ? where user_id = ?', JSON.stringify(doc), row.user_id);
    const got = (await r.c.get('/gameoptions/edit')).json();
    expect(got.game_options.visual.sight_colour).toBe(defaultGameOptions().visual.sight_colour);
    // and the full document it answered is a valid body
    expect((await r.c.post('/gameoptions/edit', got)).statusCode).toBe(200);
  });
});

describe('bindings (spec section 5)', () => {
  test("moving pause's main key is refused", async () => {
    const r = await post('/gameoptions/edit', { game_options: { control: { bindings: { pause: { key: 'KeyP', alt: null, pad: 'button9' } } } } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('control.bindings.pause.key is fixed to Escape (the pause binding\'s main key cannot be edited), got "KeyP"');
    const cleared = await post('/gameoptions/edit', { game_options: { control: { bindings: { pause: { key: null, alt: null, pad: null } } } } });
    expect(cleared.status).toBe(400);
  });

  test('two actions on one key are refused, in one body or against the stored bindings', async () => {
    const both = await post('/gameoptions/edit', {
      game_options: { control: { bindings: { forward: { key: 'KeyQ', alt: null, pad: null }, left: { key: 'KeyA', alt: 'KeyQ', pad: null } } } },
    });
    expect(both.status).toBe(400);
    expect(both.body.error).toBe('"KeyQ" is bound to both forward.key and left.alt: one action per key');
    // KeyW is forward's key by default: binding it to fire too is refused
    const stored = await post('/gameoptions/edit', { game_options: { control: { bindings: { fire: { key: 'KeyW', alt: null, pad: null } } } } });
    expect(stored.status).toBe(400);
    expect(stored.body.error).toBe('"KeyW" is bound to both forward.key and fire.key: one action per key');
    // pause's Escape cannot be taken either
    const esc = await post('/gameoptions/edit', { game_options: { control: { bindings: { restart: { key: null, alt: 'Escape', pad: null } } } } });
    expect(esc.status).toBe(400);
    expect(esc.body.error).toBe('"Escape" is bound to both restart.alt and pause.key: one action per key');
  });

  test('pad cells take button{n} only, key cells no pad buttons', async () => {
    const pad = await post('/gameoptions/edit', { game_options: { control: { bindings: { fire: { key: 'mouse0', alt: null, pad: 'KeyF' } } } } });
    expect(pad.status).toBe(400);
    expect(pad.body.error).toBe('control.bindings.fire.pad must be a gamepad button (button{n}), got "KeyF"');
    const key = await post('/gameoptions/edit', { game_options: { control: { bindings: { fire: { key: 'button3', alt: null, pad: 'button7' } } } } });
    expect(key.status).toBe(400);
  });

  test('a reassignment as the client sends it (the old cell cleared) is stored', async () => {
    const bindings = structuredClone(defaultGameOptions().control.bindings);
    bindings.forward.key = null; // the UI clears KeyW from forward when it goes to fire (assignBinding)
    bindings.fire.key = 'KeyW';
    const r = await post('/gameoptions/edit', { game_options: { ...defaultGameOptions(), control: { ...defaultGameOptions().control, bindings } } });
    expect(r.status).toBe(200);
    expect(r.body.game_options.control.bindings.fire.key).toBe('KeyW');
    expect(r.body.game_options.control.bindings.forward.key).toBeNull();
  });
});

describe('one FOV: controls.fov is the truth, game_options.other.fov mirrors it', () => {
  test('a body whose two FOVs disagree is refused', async () => {
    const r = await post('/gameoptions/edit', { controls: { fov: 90 }, game_options: { other: { fov: 100 } } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/^controls\.fov \(90\) and game_options\.other\.fov \(100\) disagree/);
    const t = await post('/gameoptions/edit', { controls: { fov_type: 'v' }, game_options: { other: { fov_type: 'h' } } });
    expect(t.status).toBe(400);
    expect(t.body.error).toMatch(/^controls\.fov_type \(v\) and game_options\.other\.fov_type \(h\) disagree/);
  });

  test('controls.fov alone sets both; other.fov alone sets both; equal values are fine', async () => {
    const a = await post('/gameoptions/edit', { controls: { fov: 90, fov_type: 'v' } });
    expect(a.status).toBe(200);
    expect(a.body.game_options.other).toMatchObject({ fov: 90, fov_type: 'v' });
    const got = (await a.c.get('/gameoptions/edit')).json();
    expect(got.controls).toMatchObject({ fov: 90, fov_type: 'v' });
    expect(got.game_options.other).toMatchObject({ fov: 90, fov_type: 'v' });

    const b = await post('/gameoptions/edit', { game_options: { other: { fov: 110.5, fov_type: 'h4:3' } } });
    expect(b.status).toBe(200);
    expect(b.body.controls).toMatchObject({ fov: 110.5, fov_type: 'h4:3' });
    expect(b.body.game_options.other).toMatchObject({ fov: 110.5, fov_type: 'h4:3' });

    const c = await post('/gameoptions/edit', { controls: { ...defaultControlOptions(), fov: 95 }, game_options: { ...defaultGameOptions(), other: { ...defaultGameOptions().other, fov: 95 } } });
    expect(c.status).toBe(200);
  });
});
