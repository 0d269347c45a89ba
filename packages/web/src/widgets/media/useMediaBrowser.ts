import { MEDIA_PAGE_SIZE, type MediaFileType, type MediaItem } from '@moc/domain/api/mediaLibrary'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '../../api/client.ts'
import { currentUser } from '../../api/session.ts'
import type { Paged } from '../usePagedQuery.ts'

export const MEDIA_FILES_KEY = 'media-files'
const PROCESSING_POLL_MS = 3_000

/** The search controls of a media list: keyword, creation range, "only mine". */
export interface MediaFilters {
  content?: string
  startTime?: string
  endTime?: string
  onlyMine: boolean
}

/** A folder entered, with what the list showed before it (spec §4: the stack restores page, total, keyword, list). */
interface Level {
  id: number
  title: string
  page: number
  filters: MediaFilters
}

/** Where a browser stands: one per picker tab (cached across tab switches) or library tab. */
export interface MediaView {
  type: MediaFileType
  categoryId: number
  page: number
  filters: MediaFilters
  stack: Level[]
}

export const initialView = (type: MediaFileType, categoryId = 0, onlyMine = true): MediaView => ({
  type,
  categoryId,
  page: 1,
  filters: { onlyMine },
  stack: [],
})

/** The list query of a view (spec §3 media list query; adminId only when "only mine"). */
export function mediaQueryOf(view: MediaView) {
  const { onlyMine, ...filters } = view.filters
  return {
    page: view.page,
    pageSize: MEDIA_PAGE_SIZE,
    type: view.type,
    parentId: view.stack.at(-1)?.id ?? 0,
    categoryId: view.categoryId,
    ...filters,
    adminId: onlyMine ? currentUser()?.id : undefined,
  }
}

/**
 * Folder navigation and paging of a media list, shared by the library screen and the picker. Entering a folder
 * pushes the current page and filters; going back pops them, and the cached list of that page shows at once.
 */
export function useMediaBrowser(view: MediaView, setView: (next: MediaView) => void, enabled = true) {
  const query = mediaQueryOf(view)
  const list = useQuery({
    queryKey: [MEDIA_FILES_KEY, query],
    queryFn: () => api.get<Paged<MediaItem>>('/api/resource/files', query),
    placeholderData: keepPreviousData,
    enabled,
    // Files still being transcoded show their poster and become pickable without a manual refresh.
    refetchInterval: (q) =>
      q.state.data?.items.some((i) => i.state === 'processing') ? PROCESSING_POLL_MS : false,
  })
  return {
    list,
    items: list.data?.items ?? [],
    total: list.data?.total ?? 0,
    folder: view.stack.at(-1),
    openFolder: (item: MediaItem) =>
      setView({
        ...view,
        page: 1,
        filters: { onlyMine: view.filters.onlyMine },
        stack: [...view.stack, { id: item.id, title: item.title, page: view.page, filters: view.filters }],
      }),
    back: () => {
      const top = view.stack.at(-1)
      if (top) setView({ ...view, page: top.page, filters: top.filters, stack: view.stack.slice(0, -1) })
    },
    /** Jumps to a breadcrumb level (-1: the root), restoring what that level showed. */
    backTo: (depth: number) => {
      const level = view.stack[depth + 1]
      if (level)
        setView({ ...view, page: level.page, filters: level.filters, stack: view.stack.slice(0, depth + 1) })
    },
    setPage: (page: number) => setView({ ...view, page }),
    search: (filters: MediaFilters) => setView({ ...view, page: 1, filters }),
  }
}
