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

/** A chosen file as base64 (the import call carries it in its JSON body). */
export const fileBase64 = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
    reader.onerror = () => reject(new Error('读取文件失败'))
    reader.readAsDataURL(file)
  })
