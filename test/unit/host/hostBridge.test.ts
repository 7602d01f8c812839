/**
 * The game page's host bridge (src/host/hostBridge.ts) and the wire format
 * (src/contracts/hostMessages.ts), with a fake window: where events go (the parent with the
 * embedding origin as target, or the page's own window), which commands are taken, and that
 * everything else is ignored and logged.
 */
import { createHostBridge, embeddingOrigin, type BridgeWindow } from '../../../src/host/hostBridge';
import {
  HOST_MESSAGE_TYPE, isAllowedHostOrigin, isHostCommandMessage, parseHostOrigins,
} from '../../../src/contracts/hostMessages';

const GAME = 'http://game.test:8080';
const HOST = 'http://host.test:9000';

interface FakeWin extends BridgeWindow {
  posted: Array<{ message: unknown; origin: string }>;
  dispatched: Event[];
  listeners: Array<(e: MessageEvent) => void>;
  /** delivers a message event as the browser would */
  deliver(data: unknown, origin: string, source: unknown): void;
}

function fakeWindow(opts: { framed: boolean; ancestor?: string; search?: string; referrer?: string; meta?: string; handled?: boolean }): FakeWin {
  const parent = { postMessage: (message: unknown, origin: string) => win.posted.push({ message, origin }) };
  const win: FakeWin = {
    posted: [],
    dispatched: [],
    listeners: [],
    parent: parent as BridgeWindow['parent'],
    location: {
      origin: GAME,
      search: opts.search ?? '',
      ...(opts.ancestor !== undefined ? { ancestorOrigins: opts.ancestor ? [opts.ancestor] : [] } : {}),
    },
    document: {
      referrer: opts.referrer ?? '',
      querySelector: (sel: string) =>
        sel === 'meta[name="aim-host-origins"]' && opts.meta !== undefined ? { getAttribute: () => opts.meta! } : null,
    },
    addEventListener: (_t, l) => void win.listeners.push(l),
    removeEventListener: (_t, l) => void (win.listeners = win.listeners.filter((x) => x !== l)),
    dispatchEvent: (e: Event) => {
      win.dispatched.push(e);
      if (opts.handled) e.preventDefault();
      return !e.defaultPrevented;
    },
    deliver(data, origin, source) {
      for (const l of win.listeners) l({ data, origin, source } as MessageEvent);
    },
  };
  if (!opts.framed) win.parent = win;
  return win;
}

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

test('HOST_ORIGINS parsing and matching', () => {
  expect(parseHostOrigins(undefined)).toEqual([]);
  expect(parseHostOrigins(' ')).toEqual([]);
  expect(parseHostOrigins('https://A.example, http://127.0.0.1:9000/')).toEqual(['https://a.example', 'http://127.0.0.1:9000']);
  expect(parseHostOrigins('https://a.example,*')).toBe('*');
  expect(isAllowedHostOrigin(GAME, [], GAME)).toBe(true);
  expect(isAllowedHostOrigin(HOST, [], GAME)).toBe(false);
  expect(isAllowedHostOrigin(HOST, [HOST], GAME)).toBe(true);
  expect(isAllowedHostOrigin('http://evil.test', [HOST], GAME)).toBe(false);
  expect(isAllowedHostOrigin('http://evil.test', '*', GAME)).toBe(true);
  expect(isAllowedHostOrigin('null', '*', GAME)).toBe(false);
  expect(isHostCommandMessage({ type: HOST_MESSAGE_TYPE, command: 'pause' })).toBe(true);
  expect(isHostCommandMessage({ type: HOST_MESSAGE_TYPE, command: 'reload' })).toBe(false);
  expect(isHostCommandMessage({ type: 'other', command: 'pause' })).toBe(false);
  expect(isHostCommandMessage('pause')).toBe(false);
});

test('the embedding origin: ancestorOrigins first, then the SDK parameter, then the referrer', () => {
  expect(embeddingOrigin(fakeWindow({ framed: true, ancestor: HOST, search: '?embed_origin=http://other.test' }))).toBe(HOST);
  expect(embeddingOrigin(fakeWindow({ framed: true, search: `?id=1&embed_origin=${encodeURIComponent(HOST)}`, referrer: 'http://r.test/x' }))).toBe(HOST);
  expect(embeddingOrigin(fakeWindow({ framed: true, referrer: `${HOST}/page?x=1` }))).toBe(HOST);
  expect(embeddingOrigin(fakeWindow({ framed: true, search: '?embed_origin=javascript:alert(1)' }))).toBeNull();
});

test('standalone: events are cancelable CustomEvents on the window; the answer says whether a listener took over', () => {
  const win = fakeWindow({ framed: false });
  const bridge = createHostBridge(win, { allowed: [] });
  expect(bridge.framed).toBe(false);
  expect(bridge.hostOrigin).toBeNull();
  expect(bridge.emit('game-status-update', { gameId: 134, highScore: 3, gameName: 'Gridshot Classic' })).toBe(false);
  const e = win.dispatched[0] as CustomEvent;
  expect(e.type).toBe('game-status-update');
  expect(e.detail).toEqual({ gameId: 134, highScore: 3, gameName: 'Gridshot Classic' });
  expect(e.cancelable).toBe(true);
  expect(win.posted).toEqual([]);
  const handled = createHostBridge(fakeWindow({ framed: false, handled: true }), { allowed: [] });
  expect(handled.emit('in-game-quit-pressed', { gameId: 1, source: 'drills', by: 'player' })).toBe(true);
});

test('framed by an allowed host: events are posted to the parent with that origin as target, never "*"', () => {
  const win = fakeWindow({ framed: true, ancestor: HOST, meta: `${HOST},https://b.example` });
  const bridge = createHostBridge(win);
  expect(bridge.hostOrigin).toBe(HOST);
  expect(bridge.emit('project-started', { gameId: 2033 })).toBe(true);
  expect(win.posted).toEqual([{ message: { type: 'aim-trainer', event: 'project-started', detail: { gameId: 2033 } }, origin: HOST }]);
  expect(win.dispatched).toEqual([]);
});

test('framed by an origin outside HOST_ORIGINS: nothing is posted, it is logged', () => {
  const win = fakeWindow({ framed: true, ancestor: 'http://evil.test', meta: HOST });
  const bridge = createHostBridge(win);
  expect(bridge.framed).toBe(true);
  expect(bridge.hostOrigin).toBeNull();
  expect(bridge.emit('ready', { gameId: 1, gameName: 'x', durationMs: 1000 })).toBe(false);
  expect(win.posted).toEqual([]);
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('http://evil.test'));
});

test('commands: only from the parent window and the allowed embedding origin; the rest ignored and logged', () => {
  const win = fakeWindow({ framed: true, ancestor: HOST, meta: HOST });
  const bridge = createHostBridge(win);
  const got: string[] = [];
  const off = bridge.onCommand((c) => got.push(c));
  win.deliver({ type: 'aim-trainer', command: 'pause' }, HOST, win.parent);
  win.deliver({ type: 'aim-trainer', command: 'resume' }, HOST, win.parent);
  win.deliver({ type: 'aim-trainer', command: 'quit' }, 'http://evil.test', win.parent); // wrong origin
  win.deliver({ type: 'aim-trainer', command: 'quit' }, HOST, {}); // another window of the host's origin
  win.deliver({ type: 'aim-trainer', command: 'format-disk' }, HOST, win.parent); // unknown command
  win.deliver({ hello: 'an extension' }, 'chrome-extension://x', {}); // not ours: not judged
  expect(got).toEqual(['pause', 'resume']);
  expect(warn).toHaveBeenCalledTimes(3);
  off();
  win.deliver({ type: 'aim-trainer', command: 'pause' }, HOST, win.parent);
  expect(got).toEqual(['pause', 'resume']);
});

test('standalone pages take no commands (a window opened by another page cannot pause the game)', () => {
  const win = fakeWindow({ framed: false });
  const bridge = createHostBridge(win, { allowed: '*' });
  const got: string[] = [];
  bridge.onCommand((c) => got.push(c));
  win.deliver({ type: 'aim-trainer', command: 'pause' }, HOST, {});
  expect(got).toEqual([]);
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('Ignored a host message from http://host.test:9000'));
});
