import type { EditorConfig } from '@moc/domain/api/editor'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/client.ts'

/** GET /api/editor/config: local pictures allowed, embed origins, our own media bases, third-party editors. */
export const useEditorConfig = () =>
  useQuery({
    queryKey: ['editor-config'],
    queryFn: () => api.get<EditorConfig>('/api/editor/config'),
    staleTime: 60_000,
  })
