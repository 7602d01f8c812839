import { useEffect, useRef } from 'react';
import { registerSurface, unregisterSurface } from '../state/gameHolder';

/** The game canvas filling the window, with the overlay root above it where the runtime
 * draws its crosshair canvas. Registers both with the game holder for the listener
 * middleware (the controller is never in React or Redux state). */
export function GameCanvas() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    const overlayRoot = overlayRef.current;
    if (!canvas || !overlayRoot) return;
    const surface = { canvas, overlayRoot };
    registerSurface(surface);
    return () => unregisterSurface(surface);
  }, []);
  return (
    <>
      <canvas id="game-canvas" data-testid="game-canvas" className="game-canvas" ref={canvasRef} tabIndex={-1} />
      <div className="overlay-root" data-testid="overlay-root" ref={overlayRef} />
    </>
  );
}
