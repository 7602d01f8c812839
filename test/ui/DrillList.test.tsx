/** The drill list page. */
import { render, screen } from '@testing-library/react';
import { DrillList } from '../../src/ui/DrillList';
import { jsonResponse } from '../unit/state/fakes';

test('lists the drills with links to the game page', async () => {
  const fetchFn = jest.fn(async () =>
    jsonResponse([
      { id: 134, name: 'Gridshot Classic', category: 'clicking', duration: 60000 },
      { id: 2033, name: 'Test Drill' },
    ]),
  );
  render(<DrillList fetchFn={fetchFn} />);
  expect(await screen.findByRole('link', { name: /Gridshot Classic/ })).toHaveAttribute('href', '/?id=134');
  expect(screen.getByRole('link', { name: /Test Drill/ })).toHaveAttribute('href', '/?id=2033');
  expect(fetchFn).toHaveBeenCalledWith('/api/v1/drills', expect.anything());
});

test('accepts { drills: [...] } and shows errors', async () => {
  render(<DrillList fetchFn={async () => jsonResponse({ drills: [{ id: 1, name: 'One' }] })} />);
  expect(await screen.findByRole('link', { name: /One/ })).toHaveAttribute('href', '/?id=1');
});

test('a failed list fetch shows a message', async () => {
  render(<DrillList fetchFn={async () => jsonResponse({ error: 'x' }, 500)} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the drill list');
});
