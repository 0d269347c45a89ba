import { createReadStream } from 'node:fs'
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { contentTypeOf } from './contentTypes.ts'
import type { Storage, StoredObject } from './storage.ts'
import type { UrlSigner } from './urlSigner.ts'

/** Where the app serves local files; their URLs are this path and the key. */
export const LOCAL_FILES_PATH = '/files'

/** Keys are relative paths of lowercase segments; anything else never reaches the disk. */
export const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i

/**
 * Files under DATA_DIR/files, served by the app at `/files/<key>` (private keys with a signature, see
 * uploadRoutes). Their URLs are paths, not absolute: the console is reached at whatever address a newsroom uses
 * (a name, its LAN address, 127.0.0.1), and a path names the same file at each (decision 0033).
 */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const
  readonly root: string

  constructor(
    dataDir: string,
    private readonly signer: UrlSigner,
  ) {
    this.root = resolve(dataDir, 'files')
  }

  private path(key: string) {
    if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`bad storage key ${key}`)
    const p = join(this.root, key)
    if (!p.startsWith(this.root + sep)) throw new Error(`bad storage key ${key}`)
    return p
  }

  /** Moves the file in (a rename on the same disk, so a 1 GB upload is not copied); the source is gone after. */
  async putFile(key: string, path: string) {
    const target = this.path(key)
    await mkdir(dirname(target), { recursive: true })
    await rename(path, target).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EXDEV') throw err
      await copyFile(path, target)
      await rm(path, { force: true })
    })
  }

  async get(key: string): Promise<StoredObject | null> {
    const p = this.path(key)
    try {
      const s = await stat(p)
      if (!s.isFile()) return null
      return { body: createReadStream(p), size: s.size, contentType: contentTypeOf(key) }
    } catch {
      return null
    }
  }

  async exists(key: string) {
    return stat(this.path(key)).then(
      (s) => s.isFile(),
      () => false,
    )
  }

  async delete(key: string) {
    await rm(this.path(key), { force: true })
  }

  async deleteTree(prefix: string) {
    await rm(this.path(prefix), { recursive: true, force: true })
  }

  publicUrl(key: string) {
    return `${LOCAL_FILES_PATH}/${key}`
  }

  async signedUrl(key: string, ttlS: number) {
    const expires = Math.floor(Date.now() / 1000) + ttlS
    return `${LOCAL_FILES_PATH}/${key}?expires=${expires}&sig=${this.signer.sign(key, expires)}`
  }
}
