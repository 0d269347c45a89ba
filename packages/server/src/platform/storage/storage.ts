import type { Readable } from 'node:stream'

/** An object as a driver returns it for reading. */
export interface StoredObject {
  body: Readable
  size: number
  contentType: string
}

/**
 * Where uploaded files live (DESIGN.md §1.4): local disk under DATA_DIR by default, S3-compatible object
 * storage with STORAGE=s3. Keys follow spec §9 (`image|video|audio|attachment/YYYY-MM/<unique>.<ext>`).
 */
export interface Storage {
  readonly driver: 'local' | 's3'
  /**
   * Stores a file from disk (uploads are spooled and checked first, so a driver never sees bad bytes). The
   * local driver moves the file; callers remove `path` afterwards either way.
   */
  putFile(key: string, path: string, contentType: string): Promise<void>
  /** Reads an object; null when it does not exist. */
  get(key: string): Promise<StoredObject | null>
  exists(key: string): Promise<boolean>
  delete(key: string): Promise<void>
  /** Deletes every object whose key starts with `prefix/` (a media file's derived HLS, poster and thumbnail). */
  deleteTree(prefix: string): Promise<void>
  /** The permanent URL of a public object (media of content the app shows). */
  publicUrl(key: string): string
  /** A URL that reads the object for `ttlS` seconds (spec §9: 900 s by default). */
  signedUrl(key: string, ttlS: number): Promise<string>
}

/**
 * Origins other than the console's own that our public media are read from: the bucket's public URL or CDN
 * (S3_PUBLIC_URL, which may be plain http on an intranet); none for local storage, whose URLs are paths. The
 * console's Content-Security-Policy allows them for images, media and fetches (hls.js) — decision 0033.
 */
export function storageOrigins(storage: Storage): string[] {
  const base = storage.publicUrl('')
  return /^https?:\/\//i.test(base) ? [new URL(base).origin] : []
}
