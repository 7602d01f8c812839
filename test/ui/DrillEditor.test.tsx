/** The drill editor page (issue 17 item 4) in jsdom, with a fake server: the form starts from a
 * drill's document, checks every change with the drill schema, saves the draft (scaled units),
 * shows the server's field errors, offers the login link to a guest and opens the preview. */
import fs from 'node:fs';
import path from 'node:path';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DrillEditor } from '../../src/ui/DrillEditor';
import { PREVIEW_DRAFT_KEY } from '../../src/state/env';
import { jsonResponse } from '../unit/state/fakes';

const doc2033 = JSON.parse(fs.readFileSync(path.join(__dirname, '../../drills/2033.json'), 'utf8')) as Record<string, unknown>;

interface Call {
  url: string;
  method: string;
  body: unknown;
}

function fakeServer(opts: { username?: string | null; save?: (body: Record<string, unknown>) => Response } = {}) {
  const calls: Call[] = [];
  const mine: unknown[] = [];
  const fetchFn = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/v1/drills/2033/document') return jsonResponse({ id: 2033, mine: false, document: doc2033 });
    if (url === '/api/v1/drills' && method === 'GET') return jsonResponse([{ id: 134, name: 'Gridshot Classic' }, { id: 2033, name: 'Test Drill' }]);
    if (url === '/api/v1/user/me') return jsonResponse({ id: 7, username: opts.username === undefined ? 'maker' : opts.username, premium: false });
    if (url === '/api/v1/drills/mine') return jsonResponse({ drills: mine });
    if (url === '/api/v1/drills' && method === 'POST') {
      const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
      if (opts.save) return opts.save(body);
      const drill = { id: 100000, name: body.name, objective: '', duration: body.duration, spawn_mode: 'Random', created_at: '2026-01-01T00:00:00Z' };
      mine.unshift(drill);
      return jsonResponse({ id: 100000, url: '/?id=100000', drill }, 201);
    }
    return jsonResponse({ error: `unexpected ${method} ${url}` }, 404);
  });
  return { fetchFn, calls };
}

function input(id: string): HTMLInputElement {
  return document.getElementById(`editor-${id}`) as HTMLInputElement;
}

test('starts from the drill, refuses an out-of-range value inline, saves the draft in stored units and lists it', async () => {
  const { fetchFn, calls } = fakeServer();
  render(<DrillEditor from={2033} fetchFn={fetchFn} />);
  await waitFor(() => expect(input('name')).toHaveValue('Test Drill'));
  // ms shown as seconds; the description as text
  expect(input('duration')).toHaveValue(8);
  expect(input('game_type_description')).toHaveValue('A short drill used by the automated tests: two large, still targets.');
  // the range comes from the schema (target_size 0.02-3 m)
  expect(input('target_size')).toHaveAttribute('max', '3');
  expect(screen.getByTestId('field-target_size')).toHaveTextContent('0.02–3');

  fireEvent.change(input('target_size'), { target: { value: '50' } });
  expect(await screen.findByTestId('error-target_size')).toHaveTextContent(/must be <= 3/);
  expect(screen.getByTestId('editor-save')).toBeDisabled();
  // empty: the schema's default (0.35 m), no error
  fireEvent.change(input('target_size'), { target: { value: '' } });
  expect(screen.queryByTestId('error-target_size')).toBeNull();
  expect(screen.getByTestId('field-target_size')).toHaveTextContent('default 0.35');
  fireEvent.change(input('target_size'), { target: { value: '0.45' } });
  fireEvent.change(input('duration'), { target: { value: '6' } });
  fireEvent.change(input('name'), { target: { value: 'Mine' } });
  expect(screen.queryByTestId('error-target_size')).toBeNull();
  expect(screen.getByTestId('editor-save')).toBeEnabled();

  await act(async () => {
    fireEvent.click(screen.getByTestId('editor-save'));
  });
  const post = calls.find((c) => c.method === 'POST')!;
  expect(post.url).toBe('/api/v1/drills');
  expect(post.body).toMatchObject({ name: 'Mine', duration: 6000, target_size: 0.45, num_targets: 2, config: { spawnOrder: 'random' } });
  expect(post.body).not.toHaveProperty('id');
  expect(await screen.findByTestId('editor-saved')).toHaveTextContent('Saved as drill 100000.');
  expect(screen.getByTestId('editor-play')).toHaveAttribute('href', '/?id=100000');
  expect(await screen.findByTestId('my-drill-100000')).toHaveTextContent('Mine');
});

test("the server's field errors show under their fields", async () => {
  const { fetchFn } = fakeServer({ save: () => jsonResponse({ error: 'Invalid drill: objective: is too rude', errors: [{ field: 'objective', reason: 'is too rude' }] }, 400) });
  render(<DrillEditor from={2033} fetchFn={fetchFn} />);
  await waitFor(() => expect(input('name')).toHaveValue('Test Drill'));
  await act(async () => {
    fireEvent.click(screen.getByTestId('editor-save'));
  });
  expect(await screen.findByTestId('error-objective')).toHaveTextContent('is too rude');
  expect(screen.getByTestId('editor-save-error')).toHaveTextContent('Invalid drill: objective: is too rude');
  // editing the field clears its server error
  fireEvent.change(input('objective'), { target: { value: 'Be nice.' } });
  expect(screen.queryByTestId('error-objective')).toBeNull();
});

test('a guest gets the login link (back to the editor) instead of Save', async () => {
  const { fetchFn } = fakeServer({ username: null });
  render(<DrillEditor from={2033} fetchFn={fetchFn} />);
  expect(await screen.findByTestId('editor-login')).toHaveAttribute('href', `/login?next=${encodeURIComponent('/app/#/editor?from=2033')}`);
  expect(screen.queryByTestId('editor-save')).toBeNull();
});

test('Preview writes the draft for the game page and opens it in an iframe', async () => {
  const { fetchFn } = fakeServer();
  render(<DrillEditor from={2033} fetchFn={fetchFn} />);
  await waitFor(() => expect(input('name')).toHaveValue('Test Drill'));
  fireEvent.change(input('num_targets'), { target: { value: '4' } });
  fireEvent.click(screen.getByTestId('editor-preview'));
  expect(screen.getByTestId('editor-preview-frame')).toHaveAttribute('src', '/?id=2033&preview=1');
  expect(JSON.parse(sessionStorage.getItem(PREVIEW_DRAFT_KEY)!)).toMatchObject({ name: 'Test Drill', num_targets: 4 });
});
