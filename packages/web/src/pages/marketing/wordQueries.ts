import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/client.ts'

/** Query keys of the sensitive-word screens, so the editor can refresh the list after a save. */
export const WORD_LIST_KEY = 'sensitive-word-list'
export const WORD_DETAIL_KEY = 'sensitive-word-detail'
export const WORD_CATEGORIES_KEY = 'sensitive-word-categories'

/** The categories in use (filter and input suggestions). */
export const useWordCategories = () =>
  useQuery({
    queryKey: [WORD_CATEGORIES_KEY],
    queryFn: () => api.get<string[]>('/api/sensitive-word/categories'),
  })
