/** Keyboard behaviour of tabs and modal dialogs (issue 33 item 7): arrow keys move between tabs,
 * Tab stays inside the newest dialog. */
import { useRef, useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { tabListKeyDown, useFocusTrap } from '../../src/ui/a11y';

function Tabs() {
  const [tab, setTab] = useState('a');
  return (
    <>
      <div role="tablist" onKeyDown={tabListKeyDown}>
        {['a', 'b', 'c'].map((n) => (
          <button key={n} type="button" role="tab" aria-selected={tab === n} onClick={() => setTab(n)}>{n}</button>
        ))}
      </div>
      <p data-testid="panel">{tab}</p>
    </>
  );
}

test('Right / Left / Home / End move focus and selection along the tabs, wrapping', () => {
  render(<Tabs />);
  const [a, b, c] = screen.getAllByRole('tab');
  a.focus();
  fireEvent.keyDown(a, { key: 'ArrowRight' });
  expect(document.activeElement).toBe(b);
  expect(screen.getByTestId('panel')).toHaveTextContent('b');
  fireEvent.keyDown(b, { key: 'ArrowRight' });
  fireEvent.keyDown(c, { key: 'ArrowRight' });
  expect(document.activeElement).toBe(a);
  fireEvent.keyDown(a, { key: 'ArrowLeft' });
  expect(document.activeElement).toBe(c);
  expect(screen.getByTestId('panel')).toHaveTextContent('c');
  fireEvent.keyDown(c, { key: 'Home' });
  expect(screen.getByTestId('panel')).toHaveTextContent('a');
  fireEvent.keyDown(a, { key: 'End' });
  expect(screen.getByTestId('panel')).toHaveTextContent('c');
});

function Dialogs({ confirm }: { confirm: boolean }) {
  const menu = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  useFocusTrap(menu);
  useFocusTrap(inner, confirm);
  return (
    <>
      <button type="button">behind</button>
      <div ref={menu}>
        <button type="button">m1</button>
        <button type="button" disabled>off</button>
        <button type="button">m2</button>
        {confirm && (
          <div ref={inner}>
            <button type="button">yes</button>
            <button type="button">no</button>
          </div>
        )}
      </div>
    </>
  );
}

test('Tab and Shift+Tab cycle inside the dialog; the newest dialog wins; focus outside is brought in', () => {
  const { rerender } = render(<Dialogs confirm={false} />);
  const btn = (name: string) => screen.getByRole('button', { name });
  btn('m2').focus();
  fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
  expect(document.activeElement).toBe(btn('m1'));
  fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
  expect(document.activeElement).toBe(btn('m2'));
  btn('behind').focus();
  fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
  expect(document.activeElement).toBe(btn('m1'));

  rerender(<Dialogs confirm />);
  btn('no').focus();
  fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
  expect(document.activeElement).toBe(btn('yes'));
  fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
  expect(document.activeElement).toBe(btn('no'));
});
