import { App } from 'antd'
import { useCallback, useEffect, useRef } from 'react'
import { type BlockerFunction, useBlocker } from 'react-router'
import { useLeavesScreen } from '../app/useLeavesScreen.ts'

/** The question asked before unsaved changes are left behind (the words 运营配置 used first). */
export const UNSAVED_CHANGES = {
  title: '内容未保存',
  content: '当前内容尚未保存，离开后修改将丢失。确定离开？',
  okText: '离开',
  cancelText: '留在此页',
} as const

/**
 * Asks before an edited form is left (decision 0035): a navigation inside the console to another screen (返回, the
 * menu, the breadcrumb, the browser's back button) waits for 离开 / 留在此页; reloading or closing the tab gets the
 * browser's own question. `dirty` is read when the user leaves, so a function (e.g. `useFormEdits().edited`) needs
 * no re-render to be current. The returned `release` lets the next navigation through unasked: call it after a
 * successful save, before navigating away.
 */
export function useUnsavedChangesGuard(dirty: boolean | (() => boolean)) {
  const { modal } = App.useApp()
  const released = useRef(false)
  const latest = useRef(dirty)
  latest.current = dirty
  const isDirty = useCallback(
    () => !released.current && (typeof latest.current === 'function' ? latest.current() : latest.current),
    [],
  )

  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (isDirty()) e.preventDefault()
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [isDirty])

  // Another screen only: a change of the query (a tab of the same screen) is the screen's own affair. Under 多页签
  // another page tab keeps this screen as it is, so only 返回, another screen in its tab or closing it asks.
  const leaves = useLeavesScreen()
  const shouldBlock = useCallback<BlockerFunction>((args) => leaves(args) && isDirty(), [leaves, isDirty])
  const blocker = useBlocker(shouldBlock)
  useEffect(() => {
    if (blocker.state !== 'blocked') return
    modal.confirm({
      ...UNSAVED_CHANGES,
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    })
  }, [blocker, modal])

  return useCallback(() => {
    released.current = true
  }, [])
}
