import { extensionOf } from '@moc/domain/rules/upload'

/** Content types by extension: uploads are checked against their magic bytes, so the extension is truthful. */
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pag: 'application/octet-stream',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  ts: 'video/mp2t',
  m3u8: 'application/vnd.apple.mpegurl',
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  amr: 'audio/amr',
  wma: 'audio/x-ms-wma',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  glb: 'model/gltf-binary',
  pdf: 'application/pdf',
  apk: 'application/vnd.android.package-archive',
}

export const contentTypeOf = (key: string) => TYPES[extensionOf(key)] ?? 'application/octet-stream'
