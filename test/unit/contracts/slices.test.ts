import { runSliced, runToEnd, type Steps } from '../../../src/contracts/slices';

function* count(n: number, seen: number[]): Steps<number> {
  let sum = 0;
  for (let i = 1; i <= n; i++) { seen.push(i); sum += i; yield; }
  return sum;
}

test('runToEnd runs every step at once and returns the result', () => {
  const seen: number[] = [];
  expect(runToEnd(count(5, seen))).toBe(15);
  expect(seen).toEqual([1, 2, 3, 4, 5]);
});

test('runSliced pauses when a slice has used its time, and resolves the same result', async () => {
  const seen: number[] = [];
  let t = 0;
  let pauses = 0;
  // a fake clock that advances 2 ms at each reading: a slice of 5 ms starts at t, and the
  // readings after steps 1-3 give t + 2, t + 4, t + 6 ≥ t + 5: 3 steps a slice; the 9 yields
  // fill 3 slices (a pause after each) and a 4th slice gets the result
  const now = () => { t += 2; return t; };
  const r = await runSliced(count(9, seen), 5, async () => { pauses++; }, now);
  expect(r).toBe(45);
  expect(seen).toHaveLength(9);
  expect(pauses).toBe(3);
});

test('runSliced rejects with what the steps throw', async () => {
  function* bad(): Steps<number> { yield; throw new Error('boom'); }
  await expect(runSliced(bad(), 0, async () => undefined)).rejects.toThrow('boom');
});
