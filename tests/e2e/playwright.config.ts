import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/chromium'

const port = Number(process.env.PORT ?? 3100)
const launchOptions = { executablePath: CHROMIUM, args: CHROMIUM_FLAGS }

/** Every spec runs at phone (375 px) and desktop (1440 px) widths against the shop's server (scripts/serve.ts, as `npm start` runs it). */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: [['list']],
  outputDir: '../../test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'ru-RU',
    // Visitors in these tests have accepted cookies, so the banner never covers what they click;
    // the shell spec removes the cookie to test the banner itself.
    storageState: {
      cookies: [
        {
          name: 'cookie_consent',
          value: 'Y',
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
    trace: 'off',
    launchOptions,
  },
  projects: [
    {
      name: 'mobile-375',
      // Server-level tests do not depend on the viewport; one run is enough. The back office is for
      // tablets and computers (issue 18): it runs at 1024 px instead of on a phone.
      testIgnore: ['**/crash-recovery.spec.ts', '**/admin/**'],
      use: {
        ...devices['iPhone 13'],
        viewport: { width: 375, height: 812 },
        browserName: 'chromium',
        launchOptions,
      },
    },
    {
      name: 'tablet-1024',
      testMatch: '**/admin/**/*.spec.ts',
      testIgnore: ['**/*.shop-wide.spec.ts'],
      use: { viewport: { width: 1024, height: 768 }, browserName: 'chromium', launchOptions },
    },
    {
      name: 'desktop-1440',
      testIgnore: ['**/*.shop-wide.spec.ts'],
      use: { viewport: { width: 1440, height: 900 }, browserName: 'chromium', launchOptions },
    },
    {
      // Changes to settings every buyer sees (the minimum order sum) would break the tests running
      // beside them, so these run alone, after all the others.
      name: 'shop-wide',
      testMatch: '**/*.shop-wide.spec.ts',
      dependencies: ['mobile-375', 'tablet-1024', 'desktop-1440'],
      use: { viewport: { width: 1440, height: 900 }, browserName: 'chromium', launchOptions },
    },
  ],
  webServer: [
    {
      command: `PORT=${port} node --import tsx scripts/serve.ts`,
      cwd: '../..',
      url: `http://127.0.0.1:${port}/healthz/`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The analytics counters' scripts (ADR 115), so that no test reaches the internet.
      command: 'node fake-analytics/server.mjs',
      url: `http://127.0.0.1:${process.env.FAKE_ANALYTICS_PORT ?? port + 1000}/healthz`,
      env: { FAKE_ANALYTICS_PORT: process.env.FAKE_ANALYTICS_PORT ?? String(port + 1000) },
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
})
