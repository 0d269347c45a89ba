import { cpSync, rmSync } from 'node:fs'
import { build } from 'esbuild'

// Bundle the server and the workspace's domain package; npm dependencies stay external. Code splitting keeps
// each `await import()` a chunk of its own, so the npm packages only it imports (the S3 SDK, tus, exceljs,
// oidc-provider, PGlite) load when first used rather than at start: without it esbuild hoists them all.
// OUT_DIR: build elsewhere (scripts/build-to.sh), so parallel builds do not share dist/.
const out = process.env.OUT_DIR ?? 'dist'
rmSync(out, { recursive: true, force: true })
await build({
  entryPoints: ['src/main.ts'],
  outdir: out,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [
    {
      name: 'externals',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@moc/') ? undefined : { path: args.path, external: true },
        )
      },
    },
  ],
})
cpSync('migrations', `${out}/migrations`, { recursive: true })
