/**
 * Jest's test order for `npm test` (issue 34 item 6): slowest file first, so that with two
 * workers no long file starts near the end and leaves one worker running alone.
 *
 * Jest's own sequencer orders by the durations in its cache (failed files first) and, on a clean
 * clone with no cache (CI), by file size, which put e.g. a 7-minute browser file anywhere. Here a
 * file's duration is, in this order: Jest's cache; the committed table test/ci-times.json
 * (`files`: seconds of a CI run, from `node scripts/ci-timing.mjs <report> --write
 * test/ci-times.json`); else its project's typical file time (`projects`: mean seconds per file
 * of that run), so a new file is neither first nor last. Failed files still come first.
 */
'use strict';
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const table = require('./ci-times.json');

/** The project of a repo-relative test path, as scripts/ci-timing.mjs names them. */
function projectOf(rel) {
  const dir = rel.split('/')[1];
  return dir === 'ui' ? 'dom' : dir;
}

class CiTimesSequencer extends Sequencer {
  /** ms: Jest's cached duration, else the table's, else the project's mean (undefined: none). */
  time(test) {
    const cached = super.time(test);
    if (cached != null) return cached;
    const rel = path.relative(test.context.config.rootDir, test.path).split(path.sep).join('/');
    const s = table.files[rel] ?? table.projects[projectOf(rel)];
    return s == null ? undefined : s * 1000;
  }
}

module.exports = CiTimesSequencer;
