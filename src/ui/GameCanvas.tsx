import { useEffect, useRef } from 'react';
import { bootSurface, createSurfaceElements, registerSurface, unregisterSurface, type GameSurface } from '../state/gameHolder';

/** The game canvas filling the window, with the overlay root above it where the runtime
 * draws its crosshair canvas. Mounts the boot entry's surface when the page booted one
 * (src/main.ts: its controller already draws into it; the boot's holder is removed), else
 * new elements (gameHolder.ts createSurfaceElements), and registers them with the game holder
 * for the listener middleware (the controller is never in React or Redux state). */
export function GameCanvas() {
  const holderRef = useRef<HTMLDivElement>(null);
  const own = useRef<GameSurface | null>(null);
  useEffect(() => {
    const holder = holderRef.current;
    if (!holder) return;
    const surface = bootSurface() ?? (own.current ??= createSurfaceElements(holder.ownerDocument));
    const bootHolder = surface.canvas.parentElement;
    holder.append(surface.canvas, surface.overlayRoot);
    // the boot's holder (with anything left in it)
    if (bootHolder && bootHolder !== holder && bootHolder.classList.contains('game-page--boot')) bootHolder.remove();
    registerSurface(surface);
    return () => {
      unregisterSurface(surface);
      surface.canvas.remove();
      surface.overlayRoot.remove();
    };
  }, []);
  // display: contents (styles.css): the canvas and the overlay root lay out as the page's children
  return <div className="game-surface" ref={holderRef} />;
}
