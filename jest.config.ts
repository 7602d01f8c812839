import type { Config } from 'jest';

/**
 * Three projects, all run by `npm test`:
 * - unit: engine, drill parsing, metrics, state slices, server (app.inject on a real SQLite file)
 * - dom:  React components in jsdom with Testing Library
 * - e2e:  Playwright (playwright-core) driving headless Chromium against the real server
 * Type checking is done by `tsc` (npm run typecheck); ts-jest only transpiles.
 * `npm test` runs two test files at a time (--maxWorkers=2; Jest's default on 2 cores is one): a
 * browser test spends much of its time waiting on real-time rounds, so a second file overlaps
 * it. Test files must not share state: each PostgreSQL test uses a database of its own (but
 * test/server/postgres.test.ts, the only one on TEST_DATABASE_URL's own database).
 */
const transform: Config['transform'] = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json', diagnostics: false }],
};

const config: Config = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
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
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      slowTestThreshold: 60,
    },
  ],
  testTimeout: 30000,
};

export default config;
