/**
 * src/contracts/settingsRules.ts: the rules the server enforces on a settings document, and the
 * client's promise never to break them: any sequence of the settings UI's binding edits
 * (src/state/settings/bindings.ts assignBinding / clearBinding, as BindingsTab dispatches them)
 * from the defaults gives bindings the server accepts.
 */
import { BINDING_ACTIONS, defaultControlOptions, defaultGameOptions } from '../../../src/contracts/gameOptions';
import { bindingsProblem, fovProblem, mirrorFov, PAUSE_MAIN_KEY } from '../../../src/contracts/settingsRules';
import { assignBinding, BINDING_SLOTS, clearBinding, defaultBindings } from '../../../src/state/settings/bindings';

/** Small deterministic PRNG (mulberry32) so a failure is reproducible. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CODES = ['KeyW', 'KeyA', 'KeyS', 'KeyD', 'KeyQ', 'KeyE', 'KeyR', 'Space', 'ShiftLeft', 'Escape', 'mouse0', 'mouse1', 'mouse2', 'mouse3', 'button0', 'button7', 'button9', 'button12'];

describe('bindingsProblem', () => {
  test('the defaults keep every rule', () => {
    expect(bindingsProblem(defaultBindings())).toBeNull();
    expect(PAUSE_MAIN_KEY).toBe('Escape');
  });

  test('10,000 random UI edits from the defaults never give bindings the server refuses', () => {
    const next = rng(16);
    let b = defaultBindings();
    for (let i = 0; i < 10_000; i++) {
      const action = BINDING_ACTIONS[Math.floor(next() * BINDING_ACTIONS.length)];
      if (next() < 0.1) b = clearBinding(b, action);
      else b = assignBinding(b, action, BINDING_SLOTS[Math.floor(next() * 3)], CODES[Math.floor(next() * CODES.length)]);
      const problem = bindingsProblem(b);
      if (problem) throw new Error(`edit ${i}: ${problem} in ${JSON.stringify(b)}`);
    }
  });

  test('names the broken rule', () => {
    const moved = { ...defaultBindings(), pause: { key: 'KeyP', alt: null, pad: null } };
    expect(bindingsProblem(moved)).toMatch(/^control\.bindings\.pause\.key is fixed to Escape/);
    const twice = { ...defaultBindings(), restart: { key: 'KeyW', alt: null, pad: null } };
    expect(bindingsProblem(twice)).toBe('"KeyW" is bound to both forward.key and restart.key: one action per key');
    const sameAction = { ...defaultBindings(), fire: { key: 'mouse0', alt: 'mouse0', pad: null } };
    expect(bindingsProblem(sameAction)).toBe('"mouse0" is bound to both fire.key and fire.alt: one action per key');
    expect(bindingsProblem({ ...defaultBindings(), ads: { key: null, alt: null, pad: 'mouse2' } })).toMatch(/ads\.pad must be a gamepad button/);
    expect(bindingsProblem({ ...defaultBindings(), ads: { key: 'button3', alt: null, pad: null } })).toMatch(/ads\.key must be a key or mouse button/);
    expect(bindingsProblem({ ...defaultBindings(), ads: { key: '', alt: null, pad: null } })).toMatch(/ads\.key is empty/);
  });
});

describe('one FOV', () => {
  test('fovProblem: only two given values that differ', () => {
    expect(fovProblem({})).toBeNull();
    expect(fovProblem({ controls: { fov: 90 } })).toBeNull();
    expect(fovProblem({ game_options: { other: { fov: 90 } } })).toBeNull();
    expect(fovProblem({ controls: { fov: 90 }, game_options: { other: { fov: 90 } } })).toBeNull();
    expect(fovProblem({ controls: { fov: 90 }, game_options: { other: { fov: 90.5 } } })).toMatch(/disagree/);
    expect(fovProblem({ controls: { fov_type: 'h' }, game_options: { other: { fov_type: 'v' } } })).toMatch(/fov_type .* disagree/);
  });

  test('mirrorFov copies the controls FOV into other, without changing its inputs', () => {
    const c = { ...defaultControlOptions(), fov: 88, fov_type: 'h4:3' as const };
    const g = defaultGameOptions();
    const out = mirrorFov(c, g);
    expect(out.game_options.other).toMatchObject({ fov: 88, fov_type: 'h4:3' });
    expect(g.other).toMatchObject({ fov: 103, fov_type: 'h' });
    expect(out.controls).toBe(c);
  });
});
