/** Which page a path shows, and the help pages' URLs. */
import { HELP_PAGE_URLS, helpTopicFor } from '../../../src/contracts/helpPages';
import { pageFor } from '../../../src/contracts/pageFor';

test.each([
  ['/', 'game'], ['/?id=12', 'game'], ['/app', 'app'], ['/app/', 'app'], ['/app/x', 'app'],
  ['/drills', 'drills'], ['/drills/', 'drills'], ['/maximum-fps', 'help'], ['/mouse-skip-fix/', 'help'],
  ['/maximum-fpsx', 'game'], ['/applesauce', 'game'], ['/gameoptions/edit', 'settings'], ['/gameoptions/edit/', 'settings'],
])('%s → %s', (path, page) => {
  expect(pageFor(path.split('?')[0])).toBe(page);
});

test('helpTopicFor: each URL names its topic, with or without a trailing slash; others none', () => {
  expect(helpTopicFor(HELP_PAGE_URLS.maximumFps)).toBe('maximumFps');
  expect(helpTopicFor(`${HELP_PAGE_URLS.mouseSkipFix}/`)).toBe('mouseSkipFix');
  expect(helpTopicFor('/')).toBeNull();
  expect(helpTopicFor('/maximum-fps/extra')).toBeNull();
});
