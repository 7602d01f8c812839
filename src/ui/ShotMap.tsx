/** ShotMap props: the run's `shot_map` (RunSummary). */
export interface ShotMapProps {
  points: readonly (readonly number[])[];
  bias_x: number;
  bias_y: number;
  spread: number;
  label: string;
}

const SIZE = 200;

/** The half-width of the plot in degrees: enough for every point and 2 x the spread around the
 * bias, at least 1 degree, rounded up to a nice step (0.5, 1, 2, 5, 10 ...). */
export function shotMapRange(points: readonly (readonly number[])[], bias_x: number, bias_y: number, spread: number): number {
  let m = Math.max(1, Math.abs(bias_x) + 2 * spread, Math.abs(bias_y) + 2 * spread);
  for (const [x, y] of points) m = Math.max(m, Math.abs(x), Math.abs(y));
  const steps = [1, 2, 5, 10, 20, 45, 90, 180];
  return steps.find((s) => s >= m) ?? 180;
}

/**
 * The shot map as a small SVG plot: each shot's offset from its target's centre (degrees; right
 * and up positive, so up is drawn up), the target's centre as the cross-hair of the axes, the
 * mean (bias) as a cross and a circle of the spread around it. `data-points` = shots drawn.
 */
export function ShotMap({ points, bias_x, bias_y, spread, label }: ShotMapProps) {
  const range = shotMapRange(points, bias_x, bias_y, spread);
  const k = SIZE / 2 / range;
  const px = (x: number) => SIZE / 2 + x * k;
  const py = (y: number) => SIZE / 2 - y * k;
  return (
    <svg
      className="shot-map"
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="img"
      aria-label={label}
      data-testid="shot-map"
      data-points={points.length}
    >
      <rect x="0" y="0" width={SIZE} height={SIZE} rx="8" className="shot-map__bg" />
      <circle cx={SIZE / 2} cy={SIZE / 2} r={SIZE / 4} className="shot-map__ring" />
      <line x1={SIZE / 2} y1="0" x2={SIZE / 2} y2={SIZE} className="shot-map__axis" />
      <line x1="0" y1={SIZE / 2} x2={SIZE} y2={SIZE / 2} className="shot-map__axis" />
      {points.map(([x, y], i) => (
        <circle key={i} cx={px(x)} cy={py(y)} r="2.6" className="shot-map__shot" />
      ))}
      <circle cx={px(bias_x)} cy={py(bias_y)} r={Math.max(2, spread * k)} className="shot-map__spread" />
      <path
        d={`M${px(bias_x) - 6} ${py(bias_y)}h12M${px(bias_x)} ${py(bias_y) - 6}v12`}
        className="shot-map__bias"
      />
      <text x={SIZE - 6} y={SIZE - 6} textAnchor="end" className="shot-map__scale">{`±${range}°`}</text>
    </svg>
  );
}

export default ShotMap;
