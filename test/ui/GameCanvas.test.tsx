/** GameCanvas (src/ui/GameCanvas.tsx): mounts the boot entry's surface when the page booted one
 * (the booted controller draws into those elements), else creates its own; registers either
 * with the game holder. */
import { render } from '@testing-library/react';
import { GameCanvas } from '../../src/ui/GameCanvas';
import { createSurfaceElements, resetGameHolder, setBootLoad, waitForSurface } from '../../src/state/gameHolder';

beforeEach(() => resetGameHolder());

test('without a boot: new canvas and overlay root, registered', async () => {
  const { container, unmount } = render(<GameCanvas />);
  const canvas = container.querySelector('canvas#game-canvas.game-canvas') as HTMLCanvasElement;
  const overlay = container.querySelector('.overlay-root');
  expect(canvas).not.toBeNull();
  expect(canvas.tabIndex).toBe(-1);
  expect(canvas.dataset.testid).toBe('game-canvas');
  expect(overlay).not.toBeNull();
  const s = await waitForSurface();
  expect(s.canvas).toBe(canvas);
  expect(s.overlayRoot).toBe(overlay);
  unmount();
  expect(canvas.isConnected).toBe(false);
});

test('with a boot: the boot\'s own elements are moved in and its empty holder removed', async () => {
  const surface = createSurfaceElements();
  const holder = document.createElement('div');
  holder.className = 'game-page game-page--boot';
  const loader = document.createElement('div');
  holder.append(surface.canvas, surface.overlayRoot, loader);
  document.body.append(holder);
  const never = new Promise<never>(() => undefined);
  setBootLoad({ id: 134, surface, config: never, options: never, adopt: () => never, loaded: never });
  const { container } = render(<GameCanvas />);
  expect(container.querySelector('canvas')).toBe(surface.canvas);
  expect(container.querySelector('.overlay-root')).toBe(surface.overlayRoot);
  expect(holder.isConnected).toBe(false); // with anything else left in it
  expect(loader.isConnected).toBe(false);
  expect(document.querySelectorAll('canvas')).toHaveLength(1);
  expect((await waitForSurface()).canvas).toBe(surface.canvas);
});
