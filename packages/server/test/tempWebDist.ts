import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

/** A maker of built-web folders holding a bare index.html, each removed after the calling file's tests. */
export function tempWebDists() {
  const dirs: string[] = []
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))))
  return async () => {
    const dist = await mkdtemp(join(tmpdir(), 'moc-web-'))
    dirs.push(dist)
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>x</title>')
    return dist
  }
}
