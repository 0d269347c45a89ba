import { MEDIA_CATEGORY_FETCH, type MediaCategoryNode } from '@moc/domain/api/mediaLibrary'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/client.ts'
import type { Paged } from '../usePagedQuery.ts'

export const MEDIA_CATEGORIES_KEY = 'media-categories'

/** The category tree (spec §3/§9: page 1, size 1000), fetched once per session of the screen. */
export function useMediaCategories(enabled = true) {
  return useQuery({
    queryKey: [MEDIA_CATEGORIES_KEY],
    queryFn: () =>
      api.get<Paged<MediaCategoryNode>>('/api/resource/category', { page: 1, size: MEDIA_CATEGORY_FETCH }),
    staleTime: 60_000,
    enabled,
  })
}
