import wasmUrl from 'libpag-wasm?url'
import { PAGInit } from 'libpag'

type Pag = Awaited<ReturnType<typeof PAGInit>>
let runtime: Promise<Pag> | undefined

/** libpag's WebAssembly runtime (1.5 MB wasm), started once by the player page; a failed start may be retried. */
export function pagRuntime(): Promise<Pag> {
  runtime ??= PAGInit({ locateFile: () => wasmUrl }).catch((err: unknown) => {
    runtime = undefined
    throw err
  })
  return runtime
}
