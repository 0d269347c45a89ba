/**
 * Upload rules of spec §5/§9, shared by the upload widget (before a byte is sent) and the server (again, on
 * the bytes it received). Messages are the spec's, verbatim.
 */

export const UPLOAD_MESSAGES = {
  imageTooLarge: '图片大小不能超过32MB',
  imageTooWide: '上传图片宽高不能超过30000 x 30000',
  imageType: '只支持上传图片格式',
  videoType: '只支持上传mp4视频文件',
  audioType: '只支持上传音频文件',
  excelType: '只支持上传excel文件',
  glbType: '只支持上传glb文件',
  packageType: '只支持上传zip压缩包',
  apkType: '只支持上传apk安装包',
  otherType: '不支持上传此格式文件',
  failed: '上传失败',
  contentMismatch: '文件内容与格式不符',
  tooLarge: '文件大小超出限制',
} as const

export const IMAGE_MAX_BYTES = 32 * 1024 * 1024
export const IMAGE_MAX_SIDE = 30_000
/** Spec §9: signed storage URLs live 900 s unless configured. */
export const SIGNED_URL_TTL_S = 900

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const
const IMAGE_MIMES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp', 'image/gif']
/** The audio list of spec §5. */
export const AUDIO_EXTENSIONS = [
  'aac',
  'adpcm',
  'amr',
  'dsd',
  'mp1',
  'mp2',
  'mp3',
  'pcm',
  'ra',
  'wma',
] as const
/** Media the rich-text editor may pick (spec §5 "Editor media picking"). */
export const EDITOR_MEDIA_EXTENSIONS = ['mp3', 'mp4', 'ts', 'mov', 'mxf'] as const

/**
 * What a widget accepts (spec §2 upload widget types; combined types of §5). `mixed`: any file one of the
 * widget rules accepts (image incl. .pag, mp4, audio, excel, glb), each by its own rule; `directory`: the files
 * of a chosen folder, each under the `mixed` rule.
 */
export type UploadKind =
  | 'image'
  | 'video'
  | 'audio'
  | 'pag'
  | 'excel'
  | 'glb'
  | 'imageOrVideo'
  | 'imageOrVideoOrAudio'
  | 'videoOrAudio'
  | 'mixed'
  | 'directory'
  | 'attachment'
  | 'package'
  | 'apk'

export const UPLOAD_KINDS: readonly UploadKind[] = [
  'image',
  'video',
  'audio',
  'pag',
  'excel',
  'glb',
  'imageOrVideo',
  'imageOrVideoOrAudio',
  'videoOrAudio',
  'mixed',
  'directory',
  'attachment',
  'package',
  'apk',
]

export interface UploadCandidate {
  name: string
  size: number
  /** The browser's MIME type; may be empty. */
  type: string
}

/** The lowercase extension without the dot ('' when none). */
/**
 * A file name's extension, lowercase; '' unless it is 1–10 letters and digits, so that what ends a stored key is
 * never a path or a dot of the user's (`x./../name`, `evil./`).
 */
export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  const ext = dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
  return /^[a-z0-9]{1,10}$/.test(ext) ? ext : ''
}

/**
 * An uploaded file's name as it is kept (metadata only; its key is generated): the last segment of whatever path
 * the client sent, as busboy gives multipart names, without control characters, at most 200 characters from its
 * end. '' when nothing is left.
 */
export function uploadFileName(raw: string): string {
  const base = raw.slice(Math.max(raw.lastIndexOf('/'), raw.lastIndexOf('\\')) + 1)
  const clean = base.replace(/\p{Cc}/gu, '').trim()
  return clean === '.' || clean === '..' ? '' : clean.slice(-200)
}

/** The media family a file belongs to by its extension, which decides its storage directory (spec §9). */
export type MediaFamily = 'image' | 'video' | 'audio' | 'attachment' | 'package'

export function familyOf(name: string): MediaFamily {
  const ext = extensionOf(name)
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext) || ext === 'pag') return 'image'
  if (ext === 'mp4' || ext === 'mov' || ext === 'ts' || ext === 'mxf' || ext === 'm3u8') return 'video'
  if ((AUDIO_EXTENSIONS as readonly string[]).includes(ext)) return 'audio'
  // An H5 page's zip package, an Android installer: public (the address is stored with the page or the version, and
  // the app downloads it), always served as a download.
  if (ext === 'zip' || ext === 'apk') return 'package'
  return 'attachment'
}

function checkImage(f: UploadCandidate): string | null {
  const ext = extensionOf(f.name)
  if (ext === 'pag') return null
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return UPLOAD_MESSAGES.imageType
  if (f.type !== '' && !IMAGE_MIMES.includes(f.type)) return UPLOAD_MESSAGES.imageType
  if (f.size > IMAGE_MAX_BYTES) return UPLOAD_MESSAGES.imageTooLarge
  return null
}

const checkVideo = (f: UploadCandidate) => (extensionOf(f.name) === 'mp4' ? null : UPLOAD_MESSAGES.videoType)
const checkAudio = (f: UploadCandidate) =>
  (AUDIO_EXTENSIONS as readonly string[]).includes(extensionOf(f.name)) ? null : UPLOAD_MESSAGES.audioType

/** The MIME family a combined type admits, checked together with the extension (spec §5 combined types). */
function checkCombined(f: UploadCandidate, families: MediaFamily[], message: string): string | null {
  const family = familyOf(f.name)
  if (!families.includes(family)) return message
  const mimeFamily = f.type.split('/')[0]
  if (f.type !== '' && mimeFamily !== family) return message
  if (family === 'image') return checkImage(f)
  if (family === 'video') return checkVideo(f)
  return checkAudio(f)
}

const EXCEL_EXTENSIONS = ['xls', 'xlsx']

/** Spec §2 "mixed": the file's own rule by what it is — a media family, an excel workbook or a glb model. */
function checkMixed(f: UploadCandidate): string | null {
  const ext = extensionOf(f.name)
  if (EXCEL_EXTENSIONS.includes(ext) || ext === 'glb') return null
  return familyOf(f.name) === 'attachment'
    ? UPLOAD_MESSAGES.otherType
    : checkCombined(f, ['image', 'video', 'audio'], UPLOAD_MESSAGES.otherType)
}

/**
 * Checks a file against a widget's kind (and an optional custom accepted list of extensions, which must
 * contain the file's extension). Returns the spec's message, or null when the file may be uploaded.
 */
export function checkUpload(f: UploadCandidate, kind: UploadKind, accept?: readonly string[]): string | null {
  if (accept && accept.length > 0) {
    const ext = extensionOf(f.name)
    if (!accept.map((a) => a.replace(/^\./, '').toLowerCase()).includes(ext)) return UPLOAD_MESSAGES.otherType
  }
  switch (kind) {
    case 'image':
      return checkImage(f)
    case 'pag':
      return extensionOf(f.name) === 'pag' ? null : UPLOAD_MESSAGES.otherType
    case 'video':
      return checkVideo(f)
    case 'audio':
      return checkAudio(f)
    case 'excel':
      return EXCEL_EXTENSIONS.includes(extensionOf(f.name)) ? null : UPLOAD_MESSAGES.excelType
    case 'glb':
      return extensionOf(f.name) === 'glb' ? null : UPLOAD_MESSAGES.glbType
    case 'imageOrVideo':
      return checkCombined(f, ['image', 'video'], UPLOAD_MESSAGES.otherType)
    case 'imageOrVideoOrAudio':
      return checkCombined(f, ['image', 'video', 'audio'], UPLOAD_MESSAGES.otherType)
    case 'videoOrAudio':
      return checkCombined(f, ['video', 'audio'], UPLOAD_MESSAGES.otherType)
    case 'mixed':
    case 'directory':
      return checkMixed(f)
    case 'attachment':
      return null
    case 'package':
      return extensionOf(f.name) === 'zip' ? null : UPLOAD_MESSAGES.packageType
    case 'apk':
      return extensionOf(f.name) === 'apk' ? null : UPLOAD_MESSAGES.apkType
  }
}

/** Spec §5: an image whose width or height exceeds 30000 px is refused. */
export const checkImageSize = (width: number, height: number) =>
  width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE ? UPLOAD_MESSAGES.imageTooWide : null

/**
 * The storage key of an upload (spec §9): `<family>/YYYY-MM/<unique>.<lowercase ext>`, or under
 * `saas/image/media/` for media-library images. `unique` comes from the caller (a random id).
 */
export function storageKey(name: string, unique: string, at: Date, opts: { mediaLibrary?: boolean } = {}) {
  const ext = extensionOf(name)
  const month = `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`
  const family = familyOf(name)
  const dir = opts.mediaLibrary && family === 'image' ? `saas/image/media/${month}` : `${family}/${month}`
  return `${dir}/${unique}${ext ? `.${ext}` : ''}`
}

/** MIME types served inline; everything else is a download (`Content-Disposition: attachment`). */
export const isInlineMime = (mime: string) =>
  /^(image\/(jpeg|png|gif|webp)|video\/|audio\/)/.test(mime) && !mime.includes('svg')

/**
 * Spec §5 long names in the upload panel: a name part over 10 characters shows the first 7, an ellipsis and
 * the last 3, then the extension.
 */
export function shortenFileName(name: string) {
  const dot = name.lastIndexOf('.')
  const [base, ext] = dot <= 0 ? [name, ''] : [name.slice(0, dot), name.slice(dot)]
  const chars = [...base]
  if (chars.length <= 10) return name
  return `${chars.slice(0, 7).join('')}…${chars.slice(-3).join('')}${ext}`
}
