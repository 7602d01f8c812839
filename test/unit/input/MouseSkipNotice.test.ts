/**
 * @jest-environment jsdom
 */
/** The 'mouse skipping' notice: hidden until the runtime announces a rejected sample, then shown
 * once for its duration, never again on the same page. */
import { createElement as h } from 'react';
import { act, render, screen } from '@testing-library/react';
import { announceMouseSkip, MOUSE_SKIP_EVENT } from '../../../src/input/mouseSkipEvent';
import { MOUSE_SKIP_FIX_URL, MouseSkipNotice } from '../../../src/ui/overlays/MouseSkipNotice';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('shown at the first announcement, hidden after its duration, not shown again', () => {
  render(h(MouseSkipNotice, { durationMs: 5000 }));
  expect(screen.queryByTestId('mouse-skip-notice')).toBeNull();
  act(() => announceMouseSkip({ dx: 600, dy: 0, t: 120 }));
  const notice = screen.getByTestId('mouse-skip-notice');
  expect(notice.textContent).toContain('Fix Mouse Skip Bug');
  expect(notice.querySelector('a')!.getAttribute('href')).toBe(MOUSE_SKIP_FIX_URL);
  act(() => { jest.advanceTimersByTime(4999); });
  expect(screen.queryByTestId('mouse-skip-notice')).not.toBeNull();
  act(() => { jest.advanceTimersByTime(1); });
  expect(screen.queryByTestId('mouse-skip-notice')).toBeNull();
  act(() => { window.dispatchEvent(new CustomEvent(MOUSE_SKIP_EVENT, { detail: { dx: 1, dy: 1, t: 1 } })); });
  expect(screen.queryByTestId('mouse-skip-notice')).toBeNull();
});
