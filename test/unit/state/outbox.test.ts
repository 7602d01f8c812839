/** The submission outbox (localStorage 'aim.outbox') and its flush on page load. */
import { OUTBOX_KEY, addToOutbox, flushOutbox, readOutbox, removeFromOutbox } from '../../../src/net/outbox';
import { fakeFetch, finishedRun, jsonResponse, memoryStorage } from './fakes';

beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

test('add, read, remove', () => {
  const storage = memoryStorage();
  const k1 = addToOutbox(finishedRun().submission, storage);
  const k2 = addToOutbox(finishedRun(134).submission, storage);
  expect(readOutbox(storage).map((e) => e.key)).toEqual([k1, k2]);
  removeFromOutbox(k1, storage);
  expect(readOutbox(storage).map((e) => e.submission.gameData.game_id)).toEqual([134]);
  removeFromOutbox(k2, storage);
  expect(storage.getItem(OUTBOX_KEY)).toBeNull();
});

test('a corrupt outbox reads as empty', () => {
  const storage = memoryStorage();
  storage.setItem(OUTBOX_KEY, '{not json');
  expect(readOutbox(storage)).toEqual([]);
});

test('flush: sent runs are removed, a 5xx stays for later, a 400 is dropped', async () => {
  const storage = memoryStorage();
  addToOutbox(finishedRun(1).submission, storage);
  addToOutbox(finishedRun(2).submission, storage);
  addToOutbox(finishedRun(3).submission, storage);
  const { fn } = fakeFetch({
    '/api/v1/performance': (_url, init) => {
      const id = JSON.parse(String(init!.body)).gameData.game_id;
      if (id === 2) return jsonResponse({ error: 'down' }, 503);
      if (id === 3) return jsonResponse({ error: 'Invalid request' }, 400);
      return jsonResponse({ id: 10 }, 201);
    },
  });
  await expect(flushOutbox(fn, storage)).resolves.toBe(1);
  expect(readOutbox(storage).map((e) => e.submission.gameData.game_id)).toEqual([2]);
});
