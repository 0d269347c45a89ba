import { defineConfig } from 'vitest/config'

// Two cores: at most two workers. Server integration files each boot their own embedded database.
export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
