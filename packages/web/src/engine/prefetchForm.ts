import type { ResourceDef } from '@moc/domain/resources/types'
import type { QueryClient } from '@tanstack/react-query'
import { api } from '../api/client.ts'
import { editorConfigQuery } from '../widgets/richText/dialogs/useEditorConfig.ts'
import { loadRichTextEditor } from '../widgets/richText/RichTextField.tsx'
import { resourceApi } from './derive.ts'
import type { Item } from './formValues.ts'
import { isViewScreen, preloadFormScreen } from './resourceScreens.ts'
import { prefetchLock, takesLock } from './useEditLock.ts'

/** The item a form edits. Filled once: a background refetch must not overwrite what is being typed. */
export const detailQuery = (def: ResourceDef, id: number | undefined) => ({
  queryKey: ['resource-detail', def.name, id],
  queryFn: () => {
    const { detail, withKind } = resourceApi(def)
    return api.get<Item>(detail, withKind({ id }))
  },
  enabled: id !== undefined,
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
})

export const hasRichText = (def: ResourceDef) => Object.values(def.fields).some((f) => f.kind === 'richText')

/**
 * What a form screen (`screen`: its detail, create or edit path) waits for, started by the click that opens it
 * rather than by its first render: the form's chunk, the item (read afresh) and its edit lock, and for rich text
 * the editor's chunk and configuration. The form finds them loaded or under way (its own requests are the same
 * queries and modules). Resolves when the form's chunk is here.
 */
export function prefetchForm(queryClient: QueryClient, def: ResourceDef, screen: string, id?: number) {
  if (id !== undefined) {
    void queryClient.prefetchQuery({ ...detailQuery(def, id), staleTime: 0 })
    if (takesLock(def, isViewScreen(def, screen))) prefetchLock(def, id)
  }
  if (hasRichText(def)) {
    // A chunk that fails here fails again, and is reported, where the field loads it.
    loadRichTextEditor().catch(() => undefined)
    void queryClient.prefetchQuery(editorConfigQuery)
  }
  return preloadFormScreen()
}

/** The form's code (and the editor's, for rich text) without its data: what a list fetches while it is idle. */
export function preloadFormCode(def: ResourceDef) {
  const ignore = () => undefined
  preloadFormScreen().catch(ignore)
  if (hasRichText(def)) loadRichTextEditor().catch(ignore)
}
