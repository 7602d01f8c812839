/**
 * A frame of the game's room behind the crosshair preview (issue 16 item 4): the view from the
 * player's start toward the back wall, in the player's theme colours (texture.wall_colour,
 * line_colour, target_colour; the Default theme's otherwise), drawn on a 2D canvas: the back
 * wall with its 2 m grid, the side walls and the ceiling a shade darker, the floor, and one
 * target a little right of and above the centre, so a crosshair is judged over what it will
 * be seen over. Proportions follow the room of src/game/room.ts seen at the default FOV (the
 * back wall spans the middle ~45 % of the width); the drawing is our approximation, not a render.
 */

/** The theme colours the backdrop uses ('#rrggbb'). */
export interface BackdropColours { wall: string; line: string; target: string }

const cache = new Map<string, string | null>();

/** '#rrggbb' scaled by `k` (0-1+), as a CSS rgb() string. */
function shade(hex: string, k: number): string {
  const n = /^#[0-9a-f]{6}$/i.test(hex) ? parseInt(hex.slice(1), 16) : 0x333844;
  const c = (v: number) => Math.max(0, Math.min(255, Math.round(v * k)));
  return `rgb(${c((n >> 16) & 255)}, ${c((n >> 8) & 255)}, ${c(n & 255)})`;
}

/**
 * Paints the room frame on `ctx` over a `size` × `size` px square (CSS px; the caller sets any
 * devicePixelRatio transform).
 */
export function paintRoomBackdrop(ctx: CanvasRenderingContext2D, size: number, colours: BackdropColours): void {
  const s = size;
  // back wall rectangle (the far wall, seen head-on) and the horizon
  const bx0 = s * 0.275, bx1 = s * 0.725, by0 = s * 0.3, by1 = s * 0.62;
  ctx.fillStyle = shade(colours.wall, 0.7); // ceiling
  ctx.fillRect(0, 0, s, by0);
  ctx.beginPath(); // left wall
  ctx.moveTo(0, 0); ctx.lineTo(bx0, by0); ctx.lineTo(bx0, by1); ctx.lineTo(0, s); ctx.closePath();
  ctx.fillStyle = shade(colours.wall, 0.62); ctx.fill();
  ctx.beginPath(); // right wall
  ctx.moveTo(s, 0); ctx.lineTo(bx1, by0); ctx.lineTo(bx1, by1); ctx.lineTo(s, s); ctx.closePath();
  ctx.fillStyle = shade(colours.wall, 0.62); ctx.fill();
  ctx.beginPath(); // floor
  ctx.moveTo(0, s); ctx.lineTo(bx0, by1); ctx.lineTo(bx1, by1); ctx.lineTo(s, s); ctx.closePath();
  ctx.fillStyle = shade(colours.wall, 0.8); ctx.fill();
  ctx.fillStyle = shade(colours.wall, 1); // back wall
  ctx.fillRect(bx0, by0, bx1 - bx0, by1 - by0);
  // the back wall's grid and the floor's lines toward it
  ctx.strokeStyle = colours.line;
  ctx.lineWidth = 1;
  ctx.beginPath();
  const cols = 12, rows = 8;
  for (let i = 0; i <= cols; i++) {
    const x = bx0 + ((bx1 - bx0) * i) / cols;
    ctx.moveTo(x, by0); ctx.lineTo(x, by1);
    ctx.moveTo(x, by1); ctx.lineTo(s / 2 + (x - s / 2) * 3.2, s); // floor lines
  }
  for (let j = 0; j <= rows; j++) {
    const y = by0 + ((by1 - by0) * j) / rows;
    ctx.moveTo(bx0, y); ctx.lineTo(bx1, y);
  }
  ctx.stroke();
  // a target: lit from above, like the game's spheres
  const tx = s * 0.6, ty = s * 0.43, r = s * 0.045;
  const g = ctx.createRadialGradient(tx - r * 0.35, ty - r * 0.4, r * 0.1, tx, ty, r);
  g.addColorStop(0, shade(colours.target, 1.35));
  g.addColorStop(0.6, shade(colours.target, 1));
  g.addColorStop(1, shade(colours.target, 0.55));
  ctx.beginPath();
  ctx.arc(tx, ty, r, 0, Math.PI * 2);
  ctx.fillStyle = g;
  ctx.fill();
}

/**
 * The backdrop as a PNG data URL for a CSS background (memoised per colours and size), or null
 * where no 2D canvas exists (jsdom, very old browsers): the caller keeps its plain colour.
 */
export function roomBackdropUrl(colours: BackdropColours, size = 400): string | null {
  const key = `${colours.wall}|${colours.line}|${colours.target}|${size}`;
  if (cache.has(key)) return cache.get(key)!;
  let url: string | null = null;
  try {
    const c = document.createElement('canvas');
    const dpr = window.devicePixelRatio || 1;
    c.width = Math.round(size * dpr);
    c.height = Math.round(size * dpr);
    const ctx = c.getContext('2d');
    if (ctx) {
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      paintRoomBackdrop(ctx, size, colours);
      url = c.toDataURL('image/png');
    }
  } catch {
    url = null;
  }
  cache.set(key, url);
  return url;
}
