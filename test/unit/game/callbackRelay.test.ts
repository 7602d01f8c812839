/** CallbackRelay (src/game/callbackRelay.ts): a booted controller's calls reach the store's
 * callbacks attached later, none lost, progress collapsed to its last value. */
import { CallbackRelay } from '../../../src/game/callbackRelay';
import type { GameCallbacks } from '../../../src/game/types';
import { finishedRun } from '../state/fakes';

function recorder() {
  const calls: string[] = [];
  const cb: GameCallbacks = {
    onProgress: (p) => void calls.push(`progress:${p}`),
    onFirstFrame: () => void calls.push('firstFrame'),
    onFrame: (events) => void calls.push(`frame:${events.length}`),
    onFinished: (r) => void calls.push(`finished:${r.counters.kills}`),
    onPauseRequested: () => void calls.push('pause'),
    onMouseSkip: () => void calls.push('mouseSkip'),
    onRestartRequested: () => void calls.push('restart'),
    onShots: (records) => void calls.push(`shots:${records.length}`),
  };
  return { calls, cb };
}

test('before attach: only the last progress is kept, the first frame once, the other calls in order', () => {
  const relay = new CallbackRelay();
  relay.callbacks.onProgress(13);
  relay.callbacks.onProgress(25);
  relay.callbacks.onFirstFrame!();
  relay.callbacks.onFirstFrame!(); // once
  relay.callbacks.onProgress(63);
  relay.callbacks.onMouseSkip!();
  relay.callbacks.onPauseRequested();
  const { calls, cb } = recorder();
  relay.attach(cb);
  expect(calls).toEqual(['progress:63', 'firstFrame', 'mouseSkip', 'pause']);
});

test('after attach every call goes straight through', () => {
  const relay = new CallbackRelay();
  const { calls, cb } = recorder();
  relay.attach(cb);
  expect(calls).toEqual([]); // nothing reported yet: nothing replayed
  relay.callbacks.onProgress(50);
  relay.callbacks.onProgress(100);
  relay.callbacks.onFrame([], {} as never);
  relay.callbacks.onShots!([]);
  relay.callbacks.onRestartRequested!();
  relay.callbacks.onFinished(finishedRun());
  relay.callbacks.onFirstFrame!();
  expect(calls).toEqual(['progress:50', 'progress:100', 'frame:0', 'shots:0', 'restart', 'finished:3', 'firstFrame']);
});

test('whenFirstFrame resolves at the first frame, or at once when it was drawn already', async () => {
  const relay = new CallbackRelay();
  let seen = false;
  const p = relay.whenFirstFrame().then(() => { seen = true; });
  await Promise.resolve();
  expect(seen).toBe(false);
  relay.callbacks.onProgress(50);
  await Promise.resolve();
  expect(seen).toBe(false);
  relay.callbacks.onFirstFrame!();
  await p;
  expect(seen).toBe(true);
  await expect(relay.whenFirstFrame()).resolves.toBeUndefined();
});

test('a second listener is refused', () => {
  const relay = new CallbackRelay();
  relay.attach(recorder().cb);
  expect(() => relay.attach(recorder().cb)).toThrow(/already attached/);
});
