/** The help pages the notices link to: each topic's heading, its steps and the way back. */
import { render, screen, within } from '@testing-library/react';
import { HelpPage } from '../../src/ui/HelpPage';

test('maximum-fps: hardware acceleration for Chrome / Edge and Firefox, the GPU check, the video settings', () => {
  render(<HelpPage topic="maximumFps" />);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Getting the highest frame rate');
  const steps = within(screen.getByRole('list')).getAllByRole('listitem');
  expect(steps).toHaveLength(6);
  expect(steps[0]).toHaveTextContent('Use graphics acceleration when available');
  expect(steps[0]).toHaveTextContent('System and performance');
  expect(steps[1]).toHaveTextContent('Firefox');
  expect(steps[2]).toHaveTextContent('chrome://gpu');
  expect(steps[3]).toHaveTextContent('render scale');
  expect(screen.getByText(/60 Hz display shows at most 60 fps/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to the drills' }).getAttribute('href')).toBe('/drills');
  expect(screen.getByRole('link', { name: 'Open the settings' }).getAttribute('href')).toBe('/gameoptions/edit');
  expect(screen.getByRole('link', { name: 'Play a drill' }).getAttribute('href')).toBe('/');
});

test('mouse-skip-fix: what it is, the Mouse skip filter setting, what else to try', () => {
  render(<HelpPage topic="mouseSkipFix" />);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Fixing mouse skipping');
  expect(screen.getByRole('heading', { name: 'The fix' })).toBeInTheDocument();
  expect(screen.getByText(/Settings → Controls → Mouse and keep "Mouse skip filter" on/)).toBeInTheDocument();
  const steps = within(screen.getByRole('list')).getAllByRole('listitem');
  expect(steps.map((s) => s.textContent)).toEqual([
    'Lower the mouse\'s polling rate to 1000 Hz or 500 Hz in its software.',
    'Update the browser to its latest version.',
    'Try another browser: the reports of this bug are about Chromium-based ones (Chrome, Edge, Opera).',
  ]);
  expect(screen.getByText(/tells you about mouse skipping only once/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open the settings' }).getAttribute('href')).toBe('/gameoptions/edit');
  expect(screen.getByRole('link', { name: 'Back to the drills' }).getAttribute('href')).toBe('/drills');
});

