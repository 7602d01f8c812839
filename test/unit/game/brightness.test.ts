/** Spec section 5: brightness 0.5-1.2 step 0.05, only for the factory level style. */
import { sceneBrightness } from '../../../src/game/brightness';

test('the factory style (or none named) gets the brightness, clamped and rounded to its range', () => {
  expect(sceneBrightness(0.8, null)).toBe(0.8);
  expect(sceneBrightness(0.93, 'factory')).toBe(0.95);
  expect(sceneBrightness(0.93, 'Factory')).toBe(0.95);
  expect(sceneBrightness(2, undefined)).toBe(1.2);
  expect(sceneBrightness(0.1, null)).toBe(0.5);
  expect(sceneBrightness(undefined, null)).toBe(1);
  expect(sceneBrightness(Number.NaN, null)).toBe(1);
});

test('another level style is drawn at brightness 1 whatever the setting', () => {
  expect(sceneBrightness(0.5, 'range')).toBe(1);
  expect(sceneBrightness(1.2, 'space')).toBe(1);
});
