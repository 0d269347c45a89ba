import { defineConfig } from '@playwright/test'

/** Where the e2e server keeps its state; wiped before each run by the webServer command. */
export const E2E_DATA_DIR = `.tmp/e2e-data-${process.env.E2E_PORT ?? 18_181}`
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18_181)
export const E2E_ADMIN_PASSWORD = 'E2e-Admin@2026'
/** A loopback image server specs start (the editor's re-hosting test); the server's SSRF guard lets it through. */
export const E2E_IMAGE_PORT = E2E_PORT + 9
/** A build elsewhere (scripts/build-to.sh DIR), so parallel work does not share packages/<name>/dist. */
const E2E_BUILD = process.env.E2E_BUILD

// The built app started as a user starts it (npm start), on embedded defaults, with real Chromium.
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  // On CI one retry, reported as flaky in the output: a run on a busy two-core machine must not fail on timing alone.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: 'zh-CN',
    // The console honours prefers-reduced-motion (antd motion off): no waiting on animations between steps.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node ${E2E_BUILD ? `${E2E_BUILD}/server` : 'packages/server/dist'}/main.js`,
    url: `http://localhost:${E2E_PORT}/api/session/config`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES: '3',
      LOGIN_IP_MAX_FAILURES: '1000',
      // One browser at one address signs in all run long: limits far above a spec's pace (still on).
      AUTH_IP_RATE_LIMIT: '100000',
      AUTH_ACCOUNT_RATE_LIMIT: '100000',
      API_RATE_LIMIT: '1000000',
      SESSION_IDLE_MINUTES: '120',
      DUMP_ALLOWED_PRIVATE: `127.0.0.1:${E2E_IMAGE_PORT}`,
      MOC_TEST_CLOCK: '1', // POST /api/test/clock: sign-in days in the task journey (decision 0050)
      ...(E2E_BUILD ? { WEB_DIST: `${E2E_BUILD}/web` } : {}),
    },
  },
})
