import { can } from '@moc/domain/permissions/can'
import { permissionFor, type ResourceDef } from '@moc/domain/resources/types'
import { App, Drawer } from 'antd'
import { useRef } from 'react'
import { currentGrant } from '../api/session.ts'
import { UNSAVED_CHANGES } from '../widgets/useUnsavedChangesGuard.ts'
import { formTitle, ResourceFormLoader } from './ResourceForm.tsx'

/** What the drawer edits: a new item, or the item of `id`. */
export interface DrawerTarget {
  id?: number
  /** A new item's starting values (the list's parent filter, refPrefill). */
  initial?: Record<string, number>
}

/**
 * The add/edit form of a type without a detail screen (a list-only screen such as /buoyConfig), in a drawer over its
 * list: the same form, rules and saving as a form screen. Closing it (Esc, the close button, 取消) asks first when
 * something was changed. `inPlace`: over a list embedded in another screen, saving leaves the screen's URL alone.
 */
export default function FormDrawer({
  def,
  target,
  onClose,
  inPlace = false,
  onSaved,
}: {
  def: ResourceDef
  target: DrawerTarget
  onClose: () => void
  inPlace?: boolean
  /** After a save, with the item's id (before the drawer closes). */
  onSaved?: (id: number) => void | Promise<void>
}) {
  const { modal } = App.useApp()
  const edited = useRef<() => boolean>(() => false)
  const requestClose = () => {
    if (edited.current()) modal.confirm({ ...UNSAVED_CHANGES, onOk: onClose })
    else onClose()
  }
  const editing = target.id !== undefined
  const mayWrite = can(currentGrant(), def.permissionPage, permissionFor(def, editing ? 'update' : 'create'))
  return (
    <Drawer
      open
      title={formTitle(def, editing, mayWrite)}
      size={880}
      onClose={requestClose}
      destroyOnHidden
      maskClosable={false}
    >
      <ResourceFormLoader
        def={def}
        id={target.id}
        host={{
          kind: 'drawer',
          requestClose,
          close: onClose,
          edited,
          inPlace,
          onSaved,
          initial: target.initial,
        }}
      />
    </Drawer>
  )
}
