import { open } from 'node:fs/promises'
import { checkImageSize, extensionOf, IMAGE_EXTENSIONS, UPLOAD_MESSAGES } from '@moc/domain/rules/upload'

/**
 * What the bytes of a file must look like for its extension (file-type's detected extensions). An extension
 * missing here (pdf aside: documents, glb, …) is only served as a download, so any content is tolerated.
 */
const EXPECTED: Record<string, readonly string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
  mp4: ['mp4', 'm4v', 'mov', 'm4a'],
  mov: ['mov', 'mp4'],
  ts: ['mts'],
  mp3: ['mp3'],
  aac: ['aac', 'm4a'],
  amr: ['amr'],
  wma: ['asf'],
  xlsx: ['xlsx', 'zip'],
  xls: ['cfb'],
  glb: ['glb'],
  zip: ['zip'],
  // An Android package is a zip; file-type names it apk when it holds classes.dex (a resource-only apk has none).
  apk: ['apk', 'zip'],
  pdf: ['pdf'],
}

async function startsWith(path: string, magic: string) {
  const fh = await open(path)
  try {
    const buf = Buffer.alloc(magic.length)
    await fh.read(buf, 0, magic.length, 0)
    return buf.toString('latin1') === magic
  } finally {
    await fh.close()
  }
}

/**
 * Checks a spooled upload's content against its name: magic bytes must match the extension, and images must
 * decode with sides of at most 30000 px. Returns the spec's message, or null when the file is what it says.
 */
export async function inspectFile(path: string, name: string): Promise<string | null> {
  const ext = extensionOf(name)
  // libpag files open with the ASCII tag "PAG" (file-type does not know the format).
  if (ext === 'pag') return (await startsWith(path, 'PAG')) ? null : UPLOAD_MESSAGES.contentMismatch
  const expected = EXPECTED[ext]
  if (!expected) return null
  const detected = await (await import('file-type')).fileTypeFromFile(path)
  if (!detected || !expected.includes(detected.ext)) return UPLOAD_MESSAGES.contentMismatch
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext)) {
    const { default: sharp } = await import('sharp')
    try {
      const meta = await sharp(path, { limitInputPixels: false }).metadata()
      return checkImageSize(meta.width ?? 0, meta.height ?? 0)
    } catch {
      return UPLOAD_MESSAGES.contentMismatch
    }
  }
  return null
}
