import type { Config } from 'jest';

/**
 * Three projects, all run by `npm test`:
 * - unit: engine, drill parsing, metrics, state slices, server (app.inject on a real SQLite file)
 * - dom:  React components in jsdom with Testing Library
 * - e2e:  Playwright (playwright-core) driving headless Chromium against the real server
 * Type checking is done by `tsc` (npm run typecheck, over src/ and test/); ts-jest only transpiles.
 * unit and e2e run in test/fastGlobalsEnvironment.cjs: jest-environment-node with the test's
 * globals on an ordinary global object (a contextified one cost ~0.7 µs a lookup of `Math` & co.).
 * `npm test` runs two test files at a time (--maxWorkers=2; Jest's default on 2 cores is one): a
 * browser test spends much of its time waiting on real-time rounds, so a second file overlaps
 * it. Test files must not share state: each PostgreSQL test uses a database of its own (but
 * test/server/postgres.test.ts, the only one on TEST_DATABASE_URL's own database).
 */
const transform: Config['transform'] = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json', diagnostics: false }],
};

/** jest-environment-node with fast global lookups (see the file). */
const nodeEnvironment = '<rootDir>/test/fastGlobalsEnvironment.cjs';

const config: Config = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: nodeEnvironment,
      transform,
      testMatch: ['<rootDir>/test/unit/**/*.test.ts', '<rootDir>/test/server/**/*.test.ts'],
      // a unit test may import a pure helper from a component file that imports its CSS
      moduleNameMapper: { '\\.(css|png|svg|ogg)$': '<rootDir>/test/ui/fileStub.ts' },
    },
    {
      displayName: 'dom',
      testEnvironment: 'jsdom',
      transform,
      testMatch: ['<rootDir>/test/ui/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/test/ui/setup.ts'],
      moduleNameMapper: { '\\.(css|png|svg|ogg)$': '<rootDir>/test/ui/fileStub.ts' },
    },
    {
      displayName: 'e2e',
      testEnvironment: nodeEnvironment,
      transform,
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      slowTestThreshold: 60,
    },
  ],
  testTimeout: 30000,
  // slowest file first, by Jest's cache or the committed CI times (test/ci-times.json): on a
  // clean clone Jest would order by file size, and a long browser file started late is a tail
  testSequencer: '<rootDir>/test/ciSequencer.cjs',
};

export default config;
