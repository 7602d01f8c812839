/** The quit message (spec section 2) shows once Quit starts taking the player home. */
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../src/state/store';
import { runActions } from '../../src/state/run/runSlice';
import { QuitMessage } from '../../src/ui/overlays/QuitMessage';
import { fakeEnv } from '../unit/state/fakes';

test('hidden until the player is leaving, then "Leaving the drill…"', () => {
  const store = makeStore(fakeEnv().env);
  render(<Provider store={store}><QuitMessage /></Provider>);
  expect(screen.queryByTestId('quit-message')).not.toBeInTheDocument();
  act(() => { store.dispatch(runActions.quitting()); });
  expect(screen.getByTestId('quit-message')).toHaveTextContent('Leaving the drill…');
});
