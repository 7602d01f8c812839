/** The sensitivity converter in jsdom (issue 33 item 8): every served title is in the game picker with its
 * confidence label and its references on hover, and the result shows each game side's confidence badge and
 * references; the answer is the real server function's (src/server/sensitivityData.ts). */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import '../../../src/i18n';
import { sensitivityGameData } from '../../../src/server/sensitivityData';
import { SensitivityConverter } from '../../../src/ui/settings/SensitivityConverter';
import { fakeFetch, jsonResponse } from '../../unit/state/fakes';

const URL = '/api/v1/user/game-sensitivity-data/basic';

async function renderConverter(body: unknown = sensitivityGameData()) {
  const { fn } = fakeFetch({ [URL]: () => jsonResponse(body) });
  const onApply = jest.fn();
  render(<SensitivityConverter onApply={onApply} fetchFn={fn} productSens={1} productFov={103} productFovType="h" dpi={800} />);
  const from = (await screen.findByTestId('sens-convert-from')) as HTMLSelectElement;
  return { from, to: screen.getByTestId('sens-convert-to') as HTMLSelectElement, onApply };
}

const optionText = (select: HTMLSelectElement, value: string) =>
  Array.from(select.options).find((o) => o.value === value);

test('the game picker lists every served title with its confidence label and its references as the hover text', async () => {
  const data = sensitivityGameData();
  const { from, to } = await renderConverter();
  for (const select of [from, to]) {
    const games = Array.from(select.options).filter((o) => o.value !== '' && o.value !== 'product');
    expect(games).toHaveLength(data.length);
    // sorted by the name the player reads
    const names = games.map((o) => o.textContent!.split(' · ')[0]);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  }
  expect(data.length).toBeGreaterThanOrEqual(70);
  const label = { 'two-references': '2 sources agree', 'one-reference': '1 source', measured: 'measured' } as const;
  for (const e of data) {
    const o = optionText(from, e.slug)!;
    expect(o.textContent).toBe(`${e.name} · ${label[e.confidence]}`);
    expect(o.title).toBe(e.references.join('\n'));
  }
  expect(optionText(from, 'paladins')!.textContent).toBe('Paladins · 1 source');
  expect(optionText(from, 'cs2')!.textContent).toBe('Counter-Strike 2 / CS:GO · 2 sources agree');
  expect(optionText(from, 'riskofrain2')!.textContent).toBe('Risk of Rain 2 · measured');
  expect(optionText(from, 'aimlab')!.textContent).toBe('Aim Lab (default scale) · 1 source');
  expect(optionText(from, 'kovaaks-source')!.textContent).toBe('KovaaK\'s (Quake/Source scale) · 2 sources agree');
  expect(optionText(from, 'thefinals')!.title).toMatch(/^S3 KovaaK The FINALS Sens\*0\.001 vML \[45-100\]\nS23 0\.001$/);
});

test('the result shows each game side\'s confidence badge and its references; the trainer side has none', async () => {
  const { from, to } = await renderConverter();
  fireEvent.change(from, { target: { value: 'paladins' } });
  fireEvent.change(screen.getByTestId('sens-convert-value'), { target: { value: '2' } });
  fireEvent.change(screen.getByTestId('sens-convert-fov-from'), { target: { value: '100' } });
  // Paladins 2 at FOV 100 → 2·0.091176·100·0.001 = 0.0182352°/count; the trainer's yaw is 0.022 at sens 1 (Source)
  expect(Number(screen.getByTestId('sens-convert-result').textContent)).toBeGreaterThan(0);
  const badge = screen.getByTestId('sens-convert-confidence-from');
  expect(badge).toHaveTextContent(/^1 source$/);
  expect(badge).toHaveClass('conf-badge--one-reference');
  expect(screen.getByTestId('sens-convert-sources-from')).toHaveTextContent(/^Paladins: S3 KovaaK Paladins Sens\*0\.091176\*FOV\*0\.001 16ML9; \(S23/);
  expect(screen.queryByTestId('sens-convert-confidence-to')).not.toBeInTheDocument();

  // game to game: both sides get a badge, each with its own level
  fireEvent.change(to, { target: { value: 'cs2' } });
  const details = screen.getByTestId('sens-convert-confidence');
  expect(within(details).getByTestId('sens-convert-confidence-from')).toHaveTextContent('1 source');
  expect(within(details).getByTestId('sens-convert-confidence-to')).toHaveTextContent(/^2 sources agree$/);
  expect(within(details).getByTestId('sens-convert-confidence-to')).toHaveClass('conf-badge--two-references');
  expect(within(details).getByTestId('sens-convert-sources-to')).toHaveTextContent(/^Counter-Strike 2 \/ CS:GO: S7 Source SDK m_yaw 0\.022/);

  // a measured title
  fireEvent.change(from, { target: { value: 'riskofrain2' } });
  expect(screen.getByTestId('sens-convert-confidence-from')).toHaveTextContent(/^measured$/);
  expect(screen.getByTestId('sens-convert-confidence-from')).toHaveClass('conf-badge--measured');
});

test('VALORANT 0.07 and KovaaK\'s VALORANT scale 0.06996 are both offered: 0.5 in VALORANT is 0.5003 in KovaaK\'s', async () => {
  const { from, to } = await renderConverter();
  fireEvent.change(from, { target: { value: 'valorant' } });
  fireEvent.change(to, { target: { value: 'kovaaks-valorant' } });
  fireEvent.change(screen.getByTestId('sens-convert-value'), { target: { value: '0.5' } });
  expect(screen.getByTestId('sens-convert-result')).toHaveTextContent(/^0\.5003$/);
  expect(screen.getByTestId('sens-convert-confidence-from')).toHaveTextContent('2 sources agree');
  expect(screen.getByTestId('sens-convert-confidence-to')).toHaveTextContent('1 source');
  // the same physical turn: cm/360 at 800 DPI is the VALORANT side's 914.4 / (800 × 0.5 × 0.07)
  expect(screen.getByTestId('sens-convert-cm360')).toHaveTextContent('32.66 cm/360° at 800 DPI');
});

test('an entry with an unknown confidence level or style is not offered (no wrong badge)', async () => {
  const data = sensitivityGameData();
  const body = [
    ...data.slice(0, 3),
    { ...data[3], slug: 'bogus-level', name: 'Bogus level', confidence: 'rumour' },
    { ...data[4], slug: 'bogus-style', name: 'Bogus style', style: 'quadratic' },
  ];
  const { from } = await renderConverter(body);
  await waitFor(() => expect(optionText(from, data[0].slug)).toBeDefined());
  expect(optionText(from, 'bogus-level')).toBeUndefined();
  expect(optionText(from, 'bogus-style')).toBeUndefined();
  expect(Array.from(from.options).filter((o) => o.value !== '' && o.value !== 'product')).toHaveLength(3);
});
