import type { ResourceDef } from '@moc/domain/resources/types'
import { type ComponentType, createElement } from 'react'
import { lazyScreen } from '../app/lazyScreen.ts'

type DefScreen = ComponentType<{ def: ResourceDef; view?: boolean }>

// lazyScreen types screens without props; these take the definition, passed below.
const ListScreen = lazyScreen(() =>
  import('./ResourceList.tsx').then((m) => ({ default: m.ResourceList as ComponentType })),
) as unknown as DefScreen
const CommentScreen = lazyScreen(() =>
  import('./CommentList.tsx').then((m) => ({ default: m.CommentList as ComponentType })),
) as unknown as DefScreen
const formScreen = lazyScreen(() =>
  import('./ResourceForm.tsx').then((m) => ({ default: m.ResourceForm as ComponentType })),
)
const FormScreen = formScreen as unknown as DefScreen

/** With separate add/edit screens (/addSubject, /editSubject) the detail screen shows the item read-only. */
export const isViewScreen = (def: ResourceDef, screen: string) =>
  def.screens.edit !== undefined && screen === def.screens.detail

/** The form screens' chunk, asked for by the click that opens one (prefetchForm). */
export const preloadFormScreen = formScreen.preload

/**
 * The list, detail and comment screens of every definition (DESIGN.md §4): a new definition gets its pages here, with
 * no page file of its own. The engine's code loads when the first of them opens.
 */
export function resourceScreens(defs: Record<string, ResourceDef>): Record<string, ComponentType> {
  const screens: Record<string, ComponentType> = {}
  for (const def of Object.values(defs)) {
    screens[def.screens.list] = () => createElement(ListScreen, { def })
    const { create, edit, detail } = def.screens
    if (detail) screens[detail] = () => createElement(FormScreen, { def, view: isViewScreen(def, detail) })
    if (create) screens[create] = () => createElement(FormScreen, { def })
    if (edit) screens[edit] = () => createElement(FormScreen, { def })
    const comments = def.screens.comments
    if (comments) screens[comments] = () => createElement(CommentScreen, { def })
  }
  return screens
}
