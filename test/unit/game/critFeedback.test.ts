/** Issue 35 item 3: crit feedback only where a crit changes something; the blocked marker. */
import { critMatters } from '../../../src/game/critFeedback';
import { frameMarkerOf } from '../../../src/game/crosshairOverlay';
import { blockedMarkerConfig, crosshairGeometry, defaultHitMarkerConfig } from '../../../src/game/crosshairGeometry';
import { kitDrill } from '../../../src/kit';

describe('critMatters', () => {
  it('drill 134 (multiplier 1, targets destroyed): no; 140 (multiplier 2), 153 (crit % primary): yes', () => {
    expect(critMatters(kitDrill(134))).toBe(false);
    expect(critMatters(kitDrill(149))).toBe(false);
    expect(critMatters(kitDrill(140))).toBe(true);
    expect(critMatters(kitDrill(153))).toBe(true);
    expect(critMatters(kitDrill({ crit_hit_score: 10 }))).toBe(true);
  });
});

describe('the blocked marker', () => {
  it('a frame whose last shot was blocked shows the blocked marker, never the hit marker', () => {
    expect(frameMarkerOf([{ type: 'hit' }, { type: 'blocked' }])).toBe('blocked');
    expect(frameMarkerOf([{ type: 'blocked' }, { type: 'miss' }])).toBe('miss');
    expect(frameMarkerOf([{ type: 'blocked' }, { type: 'spawn' }])).toBe('blocked');
  });

  it("is a steel ring, not the hit marker's lines or colour", () => {
    const hit = defaultHitMarkerConfig();
    const b = blockedMarkerConfig(hit);
    expect(b.crosshair.enabled).toBe(false);
    expect(b.disc.enabled).toBe(true);
    expect(b.color).not.toEqual(hit.color);
    expect(JSON.stringify(crosshairGeometry(b))).not.toEqual(JSON.stringify(crosshairGeometry(hit)));
  });
});
