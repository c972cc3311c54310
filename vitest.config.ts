import path from 'node:path'
import { defineConfig } from 'vitest/config'

const onPostgres = Boolean(process.env.DATABASE_URL)
const integration = ['src/**/*.int.test.ts', 'tests/**/*.int.test.ts']
/** Tests that need a database server several processes share. */
const postgresOnly = ['src/**/*.pg.int.test.ts', 'tests/**/*.pg.int.test.ts']

/**
 * unit: pure code, no database. int-pglite: every *.int.test.ts on a fresh in-memory PGlite per file.
 * int-postgres (when DATABASE_URL is set, as in CI): the same files on a fresh PostgreSQL database each,
 * and the *.pg.int.test.ts ones that need a server several processes share.
 */
export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      'server-only': path.resolve(import.meta.dirname, 'tests/support/server-only.ts'),
    },
  },
  test: {
    // TRUST_PROXY=1: the tests stand in for the reverse proxy and name each client by X-Forwarded-For.
    env: { NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret-0123', VAR_DIR: 'var/test', TRUST_PROXY: '1' },
    setupFiles: ['tests/support/no-console-error.ts'],
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores, one file at a time, while
    // the PostgreSQL server, the scrypt thread pool and the main process left the second core half
    // idle. Two files at a time (each on its own database clone) cut the suite's wall time (ADR 171).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'], exclude: integration },
      },
      {
        extends: true,
        test: {
          name: 'int-pglite',
          include: integration,
          exclude: postgresOnly,
          setupFiles: ['tests/support/no-console-error.ts', 'tests/support/test-db.ts'],
          globalSetup: ['tests/support/global-pglite.ts'],
          env: { TEST_DB: 'pglite', DATABASE_URL: '' },
        },
      },
      ...(onPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'int-postgres',
                include: integration,
                setupFiles: ['tests/support/no-console-error.ts', 'tests/support/test-db.ts'],
                globalSetup: ['tests/support/global-postgres.ts'],
                env: { TEST_DB: 'postgres', TEST_DATABASE_URL: process.env.DATABASE_URL ?? '', DATABASE_URL: '' },
              },
            },
          ]
        : []),
    ],
  },
})
