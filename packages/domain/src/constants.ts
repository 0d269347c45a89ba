/** Spec §9 numbers, named. */
export const PASSWORD_MIN_LENGTH = 8
export const VERIFY_CODE_COOLDOWN_S = 29
export const VERIFY_CODE_TTL_S = 300
export const VERIFY_CODE_MAX_TRIES = 5
export const VERIFY_CODE_LENGTH = 6
export const PAGE_SIZE_DEFAULT = 30
export const PAGE_SIZES = [30, 50, 100] as const
export const PAGER_COUNT = 5
export const PENDING_COUNT_REFRESH_MS = 60_000
export const PRELOADER_MS = 2500
export const DESKTOP_MIN_WIDTH = 992
export const CHUNK_RELOAD_GUARD_MS = 60_000
export const HTTP_TIMEOUT_MS = 3_600_000
export const TOAST_SUCCESS_S = 1
export const TOAST_ERROR_S = 1.5
/** Footer copyright starts here (spec §1). */
export const COPYRIGHT_START_YEAR = 2021
export const SUPER_ADMIN_ROLE_ID = 1
export const SUPER_ADMIN_USERNAME = 'admin'
/** Spec §9 paged select: 15 options per page, 150 px wide; recent tags and media accounts keep 5. */
export const PAGED_SELECT_PAGE_SIZE = 15
export const PAGED_SELECT_WIDTH = 150
export const RECENT_KEEP = 5
/** Spec §9 load-more: within 10 px of the bottom, debounced 50 ms, at most once per 100 ms. */
export const LOAD_MORE_DISTANCE_PX = 10
export const LOAD_MORE_DEBOUNCE_MS = 50
export const LOAD_MORE_THROTTLE_MS = 100
/** Spec §7/§9: tag and media-account lists default to 10 per page. */
export const SHORT_LIST_PAGE_SIZE = 10

/** Rich-text editor (spec §9): font sizes, line heights, inserted media widths, content timing, 一键排版 defaults. */
export const EDITOR_FONT_SIZES = [10, 12, 14, 16, 18, 20, 24, 28, 32, 36, 48, 60, 72] as const
export const EDITOR_LINE_HEIGHTS = ['1', '1.2', '1.4', '1.5', '1.6', '1.8', '2', '2.2', '2.4'] as const
export const EDITOR_IMAGE_WIDTH = 500
export const EDITOR_VIDEO_WIDTH = 500
export const EDITOR_SCREENSHOT_WIDTH = 350
export const EDITOR_CHANGE_DEBOUNCE_MS = 100
export const EDITOR_CONTENT_WAIT_ROUNDS = 20
export const EDITOR_CONTENT_WAIT_MS = 100
export const EDITOR_LAYOUT = { textAlign: 'justify', textIndent: '2em', lineHeight: '1.5' } as const
/** Spec §5 editor media picking: the audio/video formats the editor inserts. */
export const EDITOR_MEDIA_EXTENSIONS = ['mp3', 'mp4', 'ts', 'mov', 'mxf'] as const
