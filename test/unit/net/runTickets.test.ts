/** The client's held run tickets (src/net/runTickets.ts): kept in storage (and memory) for
 * signing resends, dropped when expired or once the run is stored. */
import { forgetRunTicket, holdRunTicket, RUN_TICKETS_KEY, runTicketSecret } from '../../../src/net/runTickets';
import { memoryStorage } from '../state/fakes';

const ticket = (run_id: string, expiresInMs: number, now = Date.now()) => ({
  run_id, seed: 1, drill_id: 2033, expires_at: new Date(now + expiresInMs).toISOString(), secret: run_id.padEnd(64, '0').slice(0, 64),
});

test('a held ticket signs until it expires or is forgotten; expired ones are dropped on the next write', () => {
  const storage = memoryStorage();
  const now = Date.now();
  holdRunTicket(ticket('aa', 60_000, now), storage, now);
  holdRunTicket(ticket('bb', 1_000, now), storage, now);
  expect(runTicketSecret('aa', storage, now)).toBe(ticket('aa', 0).secret);
  expect(runTicketSecret('bb', storage, now + 2_000)).toBeNull(); // expired
  holdRunTicket(ticket('cc', 60_000, now), storage, now + 2_000);
  expect(Object.keys(JSON.parse(storage.getItem(RUN_TICKETS_KEY)!)).sort()).toEqual(['aa', 'cc']);
  forgetRunTicket('aa', storage, now);
  expect(runTicketSecret('aa', storage, now)).toBeNull();
  forgetRunTicket('cc', storage, now);
  expect(storage.getItem(RUN_TICKETS_KEY)).toBeNull();
});

test('without storage (privacy mode) tickets live in memory; a corrupt stored value reads as none', () => {
  holdRunTicket(ticket('mm', 60_000), null);
  expect(runTicketSecret('mm', null)).toBe(ticket('mm', 0).secret);
  forgetRunTicket('mm', null);
  expect(runTicketSecret('mm', null)).toBeNull();
  const storage = memoryStorage();
  storage.setItem(RUN_TICKETS_KEY, '{not json');
  expect(runTicketSecret('x', storage)).toBeNull();
  holdRunTicket(ticket('x', 60_000), storage);
  expect(runTicketSecret('x', storage)).toBe(ticket('x', 0).secret);
});
