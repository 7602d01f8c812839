import { useEffect, useRef } from 'react';
import type { CrosshairConfig } from '../../contracts/crosshair';
import { crosshairGeometry, type CrosshairSpread } from '../../game/crosshairGeometry';
import { CROSSHAIR_CANVAS_PX, paintMarkers } from '../../game/crosshairOverlay';

/** CrosshairPreview props. */
export interface CrosshairPreviewProps {
  /** the config to draw (the legacy look when the custom one is off) */
  config: CrosshairConfig;
  /** CSS px side of the square canvas; default 400 (spec section 9) */
  size?: number;
  /** magnification (1 = exactly the in-game pixels) */
  scale?: number;
  /** CSS background behind the canvas */
  background?: string;
  /** accessible label */
  label?: string;
  /** simulated inaccuracy (moves arms / disc whose *_inaccuracy flags are on); none by default */
  spread?: CrosshairSpread;
}

/**
 * Live preview of a crosshair / marker on a `size`×`size` canvas (400×400 by default),
 * painted with the game's own `crosshairGeometry` + `paintMarkers`, so at scale 1 it shows the
 * exact pixels the game layer draws (thickness ×2, outline, rotation, alpha). Redraws whenever
 * `config`, `scale` or `spread` change. Without a 2D context (jsdom) the canvas just stays empty.
 */
export function CrosshairPreview({
  config, size = CROSSHAIR_CANVAS_PX, scale = 1, background = '#2a2f3a', label, spread,
}: CrosshairPreviewProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const dpr = (typeof window !== 'undefined' && window.devicePixelRatio) || 1;
    const px = Math.round(size * dpr);
    if (el.width !== px) el.width = px;
    if (el.height !== px) el.height = px;
    let ctx: CanvasRenderingContext2D | null = null;
    try {
      ctx = el.getContext('2d');
    } catch {
      ctx = null;
    }
    if (!ctx) return;
    paintMarkers(ctx, size, dpr, [crosshairGeometry(config, spread)], scale);
  }, [config, size, scale, spread?.firingPx, spread?.movementPx]);
  return (
    <canvas
      ref={ref}
      className="crosshair-preview"
      data-testid="crosshair-preview"
      data-scale={scale}
      role="img"
      aria-label={label}
      style={{ width: `${size}px`, height: `${size}px`, background }}
    />
  );
}
