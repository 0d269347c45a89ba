import { PAGE_SIZE_DEFAULT, PAGE_SIZES } from '@moc/domain/constants'

/** The /contentManager search as the URL holds it (shareable; the duplicate-title confirm links here). */
export interface ContentSearchState {
  page: number
  pageSize: number
  /** Filters as sent to GET /api/content/search (kind, title, verifyState, createdBy, startTime, endTime, repeatTitle). */
  filters: Record<string, string>
}

export const SEARCH_FILTERS = [
  'kind',
  'title',
  'verifyState',
  'createdBy',
  'startTime',
  'endTime',
  'repeatTitle',
] as const

/**
 * Reads the search from the URL. No `createdBy` means the signed-in user (spec §6 creator default) — except with
 * `repeatTitle`, which lists every item of that title in the caller's scope, whoever made it.
 */
export function readContentSearch(params: URLSearchParams, me: string | undefined): ContentSearchState {
  const filters: Record<string, string> = {}
  for (const k of SEARCH_FILTERS) {
    const v = params.get(k)?.trim()
    if (v) filters[k] = v
  }
  if (!params.has('createdBy') && !filters.repeatTitle && me) filters.createdBy = me
  const page = Number(params.get('page'))
  const size = Number(params.get('pageSize'))
  return {
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZE_DEFAULT,
    filters,
  }
}

/** The URL of a search; an emptied creator is kept as `createdBy=` (everyone), defaults are left out. */
export function writeContentSearch(s: ContentSearchState): URLSearchParams {
  const p = new URLSearchParams()
  for (const k of SEARCH_FILTERS) if (s.filters[k]) p.set(k, s.filters[k])
  if (!s.filters.createdBy) p.set('createdBy', '')
  if (s.page !== 1) p.set('page', String(s.page))
  if (s.pageSize !== PAGE_SIZE_DEFAULT) p.set('pageSize', String(s.pageSize))
  return p
}
