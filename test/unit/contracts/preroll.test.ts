/** The pre-roll interval (issue 33 item 4, spec section 9: at most one pre-roll ad per 5 minutes
 * of a browser session). */
import { AD_LAST_PREROLL_KEY, PREROLL_INTERVAL_MS, prerollDue } from '../../../src/contracts/ads';
import { prerollDueInSession } from '../../../src/state/env';

test('due with none yet, not within 300 000 ms of the last, due again from then on', () => {
  expect(PREROLL_INTERVAL_MS).toBe(300_000);
  const t0 = 1_700_000_000_000;
  expect(prerollDue(null, t0)).toBe(true);
  expect(prerollDue(Number.NaN, t0)).toBe(true);
  expect(prerollDue(t0, t0)).toBe(false);
  expect(prerollDue(t0, t0 + 299_999)).toBe(false);
  expect(prerollDue(t0, t0 + 300_000)).toBe(true);
  expect(prerollDue(t0 + 5000, t0)).toBe(true); // a stored time in the future: the clock changed
});

test('read from the session storage the ad flow writes', () => {
  const store = new Map<string, string>();
  const storage = { getItem: (k: string) => store.get(k) ?? null };
  const now = 1_700_000_000_000;
  expect(prerollDueInSession(storage, now)).toBe(true);
  store.set(AD_LAST_PREROLL_KEY, String(now - 60_000));
  expect(prerollDueInSession(storage, now)).toBe(false);
  store.set(AD_LAST_PREROLL_KEY, String(now - 300_000));
  expect(prerollDueInSession(storage, now)).toBe(true);
  store.set(AD_LAST_PREROLL_KEY, 'garbage');
  expect(prerollDueInSession(storage, now)).toBe(true);
  expect(prerollDueInSession({ getItem: () => { throw new Error('denied'); } }, now)).toBe(true);
  expect(prerollDueInSession(null, now)).toBe(true);
});
