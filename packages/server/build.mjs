import { cpSync, rmSync } from 'node:fs'
import { build } from 'esbuild'

// Bundle the server and the workspace's domain package; npm dependencies stay external.
// OUT_DIR: build elsewhere (scripts/build-to.sh), so parallel builds do not share dist/.
const out = process.env.OUT_DIR ?? 'dist'
rmSync(out, { recursive: true, force: true })
await build({
  entryPoints: ['src/main.ts'],
  outfile: `${out}/main.js`,
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
