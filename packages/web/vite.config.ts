import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './precompress.ts'

// libpag's exports map hides its WebAssembly file; the .pag player page imports it by this name as an asset URL.
const libpagWasm = join(
  dirname(createRequire(import.meta.url).resolve('libpag/package.json')),
  'lib/libpag.wasm',
)

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: [{ find: /^libpag-wasm(?=\?)/, replacement: libpagWasm }] },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The image editor page (decision 0016) is a second entry: its code stays out of the console's bundle.
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        imageEditor: fileURLToPath(new URL('./image-editor.html', import.meta.url)),
        // The .pag player page (decision 0017): libpag needs 'unsafe-eval', so it lives in a sandboxed frame.
        pagPlayer: fileURLToPath(new URL('./pag-player.html', import.meta.url)),
      },
      output: {
        advancedChunks: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|rc-[^\\/]+|@rc-component)[\\/]/ },
            // zod and its configuration in one chunk: z.config({ jitless }) then runs before any chunk builds a
            // schema (zod probes `new Function` when an object schema is made, which the strict CSP reports).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]app[\\/]zodConfig\.ts$/ },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
})
