import { InputQueue, splitEventsByTick } from '../../../src/input/inputQueue';
import type { InputEvent } from '../../../src/contracts/engine';

const look = (t: number, dx = 1, dy = 0): InputEvent => ({ type: 'look', t, dx, dy });

describe('InputQueue', () => {
  test('keeps every event in delivery order and hands out those before a tick boundary', () => {
    const q = new InputQueue();
    q.push(look(1));
    q.push({ type: 'fire', t: 10, down: true });
    q.push(look(15.625, 3, -2));
    q.push(look(20));
    expect(q.takeBefore(15.625)).toEqual([look(1), { type: 'fire', t: 10, down: true }]);
    expect(q.length).toBe(2);
    expect(q.takeBefore(31.25)).toEqual([look(15.625, 3, -2), look(20)]);
    expect(q.takeBefore(46.875)).toEqual([]);
  });

  test('an out-of-order timestamp is raised to the previous one (never dropped or merged)', () => {
    const q = new InputQueue();
    q.push(look(12));
    q.push(look(11, 5, 5));
    expect(q.takeBefore(100)).toEqual([look(12), look(12, 5, 5)]);
  });

  test('an event older than a simulated boundary goes to the first tick still to run', () => {
    const q = new InputQueue();
    q.takeBefore(31.25); // ticks 0 and 1 simulated
    const stored = q.push(look(20, 7, 0));
    expect(stored.t).toBe(31.25);
    expect(splitEventsByTick(q.takeBefore(46.875), 2, 3)).toEqual([[look(31.25, 7, 0)]]);
  });

  test('clear resets the time floor for a new round', () => {
    const q = new InputQueue();
    q.takeBefore(1000);
    q.clear();
    expect(q.push(look(3)).t).toBe(3);
  });
});

describe('splitEventsByTick', () => {
  test('tick k gets k·15.625 ≤ t < (k+1)·15.625, in order', () => {
    const evs = [look(0), look(15.6), look(15.625), look(31.2499), look(31.25), look(40)];
    expect(splitEventsByTick(evs, 0, 3)).toEqual([
      [look(0), look(15.6)],
      [look(15.625), look(31.2499)],
      [look(31.25), look(40)],
    ]);
  });

  test('an event outside the ticks throws RangeError', () => {
    expect(() => splitEventsByTick([look(46.875)], 0, 3)).toThrow(RangeError);
    expect(() => splitEventsByTick([look(1)], 1, 3)).toThrow(RangeError);
  });
});
