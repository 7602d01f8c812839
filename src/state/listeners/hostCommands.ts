/**
 * The host page's commands (src/host/hostBridge.ts) as store actions.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import type { HostCommand } from '../../contracts/hostMessages';
import { runActions } from '../run/runSlice';

/** Sends the host page's commands (src/host/hostBridge.ts `onCommand`) into the store: pause
 * opens the pause menu (only while the round runs), resume closes it, quit is the Quit button
 * pressed by the host. Returns the unsubscribe. */
export function connectHostCommands(
  bridge: { onCommand(handler: (command: HostCommand) => void): () => void },
  dispatch: (action: UnknownAction) => unknown,
): () => void {
  return bridge.onCommand((command) => {
    if (command === 'pause') dispatch(runActions.paused());
    else if (command === 'resume') dispatch(runActions.resumed());
    else if (command === 'goto-post-game') dispatch(runActions.gotoPostGame());
    else dispatch(runActions.quitRequested({ by: 'host' }));
  });
}
