import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/chromium'

const port = Number(process.env.PORT ?? 3100)
const launchOptions = { executablePath: CHROMIUM, args: CHROMIUM_FLAGS }

/**
 * The shop's specs run at phone (375 px) and desktop (1440 px) widths against the shop's server
 * (scripts/serve.ts, as `npm start` runs it); the back office's at tablet (1024 px) width.
 * A spec that proves the server's behaviour rather than a layout runs on one project only: a second
 * width adds minutes to CI (30 min budget on 2 cores, ADR 171) and proves nothing more.
 */
const SERVER_LEVEL = [
  // Redirects, the content security policy, the page cache, link targets and the counters' loading
  // do not depend on the width; none of these specs measures a layout.
  '**/trailing-slash.spec.ts',
  '**/csp.spec.ts',
  '**/page-cache.spec.ts',
  '**/internal-links.spec.ts',
  // Starts a server of its own against a fake ЮKassa: one width is enough.
  '**/yookassa.spec.ts',
  // Its own server against a fake Boxberry (ADR 193), as cdek.spec.ts.
  '**/boxberry.spec.ts',
  // Its own server against a fake СДЭК, as yookassa.spec.ts.
  '**/cdek.spec.ts',
  // Its own server against a fake СДЭК (ADR 212); it looks at 375 px inside its one run.
  '**/cdek-courier.spec.ts',
  // Its own server against a fake Почта России (ADR 194), as cdek.spec.ts.
  '**/pochta.spec.ts',
  // Its own server against a fake Boxberry (ADR 212), as cdek-courier.spec.ts.
  '**/boxberry-courier.spec.ts',
  '**/analytics.spec.ts',
  '**/crash-recovery.spec.ts',
  // The build's bundles are the same at every width: its first test reads every chunk any storefront
  // route loads or may load later, whatever the viewport.
  '**/storefront-bundles.spec.ts',
  // Prefetching and the chunks' compile hint (ADR 217) are the same at every width.
  '**/script-delivery.spec.ts',
]
/**
 * These back-office flows (an order edited, refunded, surcharged; a staff day; the lists) check no
 * layout: they run at 1024 px only. roles.spec.ts, which opens every page with every role, stays at
 * 1024 and 1440 px, and so does any admin spec not listed here.
 */
const ADMIN_FLOWS = ['customers-inbox', 'order-edit', 'order-edit-carrier-courier', 'order-list', 'refund', 'staff-day', 'surcharge'].map(
  (name) => `**/admin/${name}.spec.ts`,
)
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
      // Server-level specs run at 1440 px only. The back office is for tablets and computers
      // (issue 18): it runs at 1024 px instead of on a phone.
      testIgnore: [...SERVER_LEVEL, '**/admin/**'],
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
      testIgnore: ['**/*.shop-wide.spec.ts', ...ADMIN_FLOWS],
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
