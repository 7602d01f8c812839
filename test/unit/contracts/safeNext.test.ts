/**
 * Issue 39 item 1: `safeNext` resolves `next` as the browser would and keeps it only when it
 * stays on the page's origin. Every refused variant here is one a browser would follow to
 * another host (or a script URL).
 */
import { loginUrl, safeNext } from '../../../src/contracts/auth';

const ORIGIN = 'https://aim.example';

describe('safeNext', () => {
  it.each([
    ['/drills', '/drills'],
    ['/?id=2033', '/?id=2033'],
    ['/app/x?y=1#z', '/app/x?y=1#z'],
    ['drills', '/drills'],
    ['/a/../b', '/b'],
    ['https://aim.example/progress', '/progress'],
    ['/%2f%2fevil.example', '/%2f%2fevil.example'],
  ])('keeps same-origin %j as %j', (next, want) => {
    expect(safeNext(next, ORIGIN)).toBe(want);
  });

  it.each([
    ['tab after the first slash', '/\t/evil.example/x'],
    ['LF after the first slash', '/\n/evil.example/x'],
    ['CR after the first slash', '/\r/evil.example/x'],
    ['CRLF and tab mixed', '/\r\n\t/evil.example'],
    ['tab before the first slash', '\t//evil.example'],
    ['protocol-relative', '//evil.example/x'],
    ['backslash', '/\\evil.example/x'],
    ['two backslashes', '\\\\evil.example'],
    ['absolute https', 'https://evil.example/'],
    ['absolute http of our host', 'http://aim.example/'],
    ['userinfo trick', 'https://aim.example@evil.example/'],
    ['scheme-relative with tab in scheme', 'ht\ttps://evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['dot segment to a double slash path', '/.//evil.example'],
    ['leading spaces', '  //evil.example'],
  ])('refuses %s', (_name, next) => {
    expect(safeNext(next, ORIGIN)).toBe('/');
  });

  it('refuses the decoded form of the issue report (/%09/evil.example/x as URLSearchParams gives it)', () => {
    const next = new URLSearchParams('next=/%09/evil.example/x').get('next');
    expect(next).toBe('/\t/evil.example/x');
    expect(safeNext(next, ORIGIN)).toBe('/');
    for (const enc of ['%0a', '%0d', '%5c', '%2f%2f']) {
      const decoded = new URLSearchParams(`next=/${enc}evil.example`).get('next');
      const got = safeNext(decoded, ORIGIN);
      expect(new URL(got, ORIGIN).origin).toBe(ORIGIN);
    }
  });

  it('answers / for nothing, and every answer resolves to the same origin', () => {
    expect(safeNext(null, ORIGIN)).toBe('/');
    expect(safeNext(undefined, ORIGIN)).toBe('/');
    expect(safeNext('', ORIGIN)).toBe('/');
    for (const next of ['/x', '/\t/e.example', '//e.example', '/\\e.example', 'https://e.example']) {
      expect(new URL(safeNext(next, ORIGIN), ORIGIN).origin).toBe(ORIGIN);
    }
  });

  it('works without a page (Node): resolves against a placeholder origin', () => {
    expect(safeNext('/drills')).toBe('/drills');
    expect(safeNext('//evil.example')).toBe('/');
    expect(safeNext('/\t/evil.example')).toBe('/');
  });

  it('loginUrl carries only a safe next', () => {
    expect(loginUrl('/?id=3', ORIGIN)).toBe(`/login?next=${encodeURIComponent('/?id=3')}`);
    expect(loginUrl('/\t/evil.example', ORIGIN)).toBe('/login?next=%2F');
  });
});
