import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import type { ResourceDef } from '@moc/domain/resources/types'
import { App, Button } from 'antd'
import { useState } from 'react'
import { downloadFile } from '../api/download.ts'
import { exportBody, type ListState, resourceApi } from './derive.ts'

/** 导出 of a list (spec §6 export): the rows under the list's tab and filters as an .xlsx download. */
export function ExportButton({ def, state }: { def: ResourceDef; state: ListState }) {
  const { message } = App.useApp()
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    try {
      await downloadFile(resourceApi(def).export, exportBody(def, state), `${def.label}.xlsx`)
      message.success('导出成功', TOAST_SUCCESS_S)
    } catch (err) {
      message.error((err as Error).message, TOAST_ERROR_S)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button loading={busy} onClick={() => void run()}>
      导出
    </Button>
  )
}
