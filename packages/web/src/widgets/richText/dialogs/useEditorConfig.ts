import type { EditorConfig } from '@moc/domain/api/editor'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../api/client.ts'

export const EDITOR_CONFIG_KEY = ['editor-config']

export const editorConfigQuery = {
  queryKey: EDITOR_CONFIG_KEY,
  queryFn: () => api.get<EditorConfig>('/api/editor/config'),
  staleTime: 60_000,
}

/** GET /api/editor/config: what the editor and its dialogs may use (system setting 编辑器设置). */
export const useEditorConfig = (enabled = true) => useQuery({ ...editorConfigQuery, enabled })
