/**
 * A lazily loaded menu (src/ui/LazyChunk.tsx): the chunk error card with Retry after the chunk
 * time-out (120 s, spec section 8), Retry loading it again, and a loaded chunk rendered at once
 * on the next open.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { LazyChunk } from '../../src/ui/LazyChunk';

function Menu({ label }: { label: string }) {
  return <p data-testid="menu">{label}</p>;
}

afterEach(() => jest.useRealTimers());

test('no chunk after 120 s: the error card with Retry; Retry loads it', async () => {
  jest.useFakeTimers();
  let attempt = 0;
  const load = jest.fn(() => {
    attempt += 1;
    return attempt === 1 ? new Promise<typeof Menu>(() => undefined) : Promise.resolve(Menu);
  });
  render(<LazyChunk chunk="test-menu" load={load} props={{ label: 'Settings' }} fallback={<p data-testid="loading" />} />);
  expect(screen.getByTestId('loading')).toBeTruthy();
  await act(async () => { await jest.advanceTimersByTimeAsync(119_999); });
  expect(screen.queryByTestId('chunk-error')).toBeNull();
  await act(async () => { await jest.advanceTimersByTimeAsync(1); });
  expect(screen.getByTestId('chunk-error-description').textContent).toBe(
    'Loading chunk test-menu failed: no answer after 120 s. Check your connection, then try again.',
  );
  fireEvent.click(screen.getByTestId('chunk-retry'));
  await act(async () => { await jest.advanceTimersByTimeAsync(0); });
  expect(screen.getByTestId('menu').textContent).toBe('Settings');
  expect(load).toHaveBeenCalledTimes(2);

  // a second open renders at once, without loading again
  const again = jest.fn(() => new Promise<typeof Menu>(() => undefined));
  render(<LazyChunk chunk="test-menu" load={again} props={{ label: 'Again' }} />);
  expect(screen.getAllByTestId('menu').map((e) => e.textContent)).toContain('Again');
  expect(again).not.toHaveBeenCalled();
});
