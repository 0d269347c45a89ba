/**
 * An image file's pixel size, read in the browser before upload (spec §5 image dimensions); null when the
 * browser cannot decode it (not an image after all, or too large to decode here): the server reads the
 * size again and refuses with the same message. createImageBitmap reads the Blob itself; an <img> on a
 * blob: URL that fails to decode makes Chromium report a connect-src violation under the console's CSP.
 */
export async function readImageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file)
    const size = { width: bitmap.width, height: bitmap.height }
    bitmap.close()
    return size
  } catch {
    return null
  }
}
