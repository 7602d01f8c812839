import { MULTI_MONITOR_VIEWS, multiViewLayout, multiViewScreenPoint, type SplitView } from '../../../src/game/multiView';

const D2R = Math.PI / 180;

describe('multiViewLayout (spec sections 3 and 9: one view per canvas, base fov / count, middle straight ahead)', () => {
  test('three views of a 103° base fov on a 16:9 canvas', () => {
    expect(MULTI_MONITOR_VIEWS).toBe(3);
    const l = multiViewLayout(3, 103 * D2R, 16 / 9);
    expect(l.count).toBe(3);
    expect(l.eachHfovRad / D2R).toBeCloseTo(103 / 3, 12);
    expect(l.views.map((v) => v.x)).toEqual([0, 1 / 3, 2 / 3]);
    expect(l.views.map((v) => v.width)).toEqual([1 / 3, 1 / 3, 1 / 3]);
    // left turned left, middle straight ahead, right turned right, by one view's fov each
    expect(l.views.map((v) => v.yawOffsetRad / D2R)).toEqual([-103 / 3, 0, 103 / 3].map((d) => expect.closeTo(d, 12)));
    // a column of a 16:9 canvas has aspect 16/27: vfov = 2·atan(tan(17.1667°) · 27/16) = 55.07°
    expect(l.vfovRad / D2R).toBeCloseTo(2 * Math.atan(Math.tan((103 / 6) * D2R) * 27 / 16) / D2R, 12);
    expect(l.vfovRad / D2R).toBeCloseTo(55.07, 2);
  });

  test('the ADS zoom divides each view and the turn between views', () => {
    const l = multiViewLayout(3, 90 * D2R, 16 / 9, 2);
    expect(l.eachHfovRad / D2R).toBeCloseTo(15, 12);
    expect(l.views[2].yawOffsetRad / D2R).toBeCloseTo(15, 12);
  });

  test('bad counts and zooms fall back to one view and no zoom', () => {
    expect(multiViewLayout(0, 1, 16 / 9).count).toBe(1);
    expect(multiViewLayout(2.5, 1, 16 / 9).count).toBe(1);
    const one = multiViewLayout(1, 1.5, 16 / 9, Number.NaN);
    expect(one.eachHfovRad).toBe(1.5);
    expect(one.views).toEqual([{ x: 0, width: 1, yawOffsetRad: 0 }]);
    expect(multiViewLayout(3, 1.5, 16 / 9, 0.5).eachHfovRad).toBeCloseTo(0.5, 12);
  });
});

describe('multiViewScreenPoint', () => {
  const l = multiViewLayout(3, 103 * D2R, 16 / 9);
  const split: SplitView = { count: 3, eachHfovRad: l.eachHfovRad, tanEach: Math.tan(l.eachHfovRad / 2) };
  const tanV = Math.tan(l.vfovRad / 2);
  const at = (yawDeg: number, pitchDeg = 0) => {
    const y = yawDeg * D2R, p = pitchDeg * D2R;
    return [Math.sin(y) * Math.cos(p) * 10, Math.sin(p) * 10, Math.cos(y) * Math.cos(p) * 10] as const;
  };
  const pt = (yawDeg: number, pitchDeg = 0) => {
    const [cx, cy, cz] = at(yawDeg, pitchDeg);
    return multiViewScreenPoint(cx, cy, cz, split, tanV, 1280, 720, { x: 0, y: 0 });
  };

  test('straight ahead is the canvas centre; each side view centre is its column centre', () => {
    expect(pt(0)).toEqual({ x: 640, y: 360 });
    const right = pt(103 / 3)!;
    expect(right.x).toBeCloseTo(1280 * 5 / 6, 9);
    expect(right.y).toBeCloseTo(360, 9);
    expect(pt(-103 / 3)!.x).toBeCloseTo(1280 / 6, 9);
  });

  test('the columns meet: just inside either side of a seam lands at the seam', () => {
    const half = 103 / 6;
    expect(pt(half - 1e-9)!.x).toBeCloseTo(1280 * 2 / 3, 4);
    expect(pt(half + 1e-9)!.x).toBeCloseTo(1280 * 2 / 3, 4);
    expect(pt(-half - 1e-9)!.x).toBeCloseTo(1280 / 3, 4);
  });

  test('outside every view: beyond the combined fov, behind, above the view', () => {
    expect(pt(103 / 2 + 0.01)).toBeNull();
    expect(pt(-103 / 2 - 0.01)).toBeNull();
    expect(pt(180)).toBeNull();
    expect(pt(0, 28)).toBeNull(); // vfov 55.07°: 28° up is above the view
    expect(pt(0, 26)!.y).toBeLessThan(40);
  });
});
