import { type RecordImportResult, recordMessages } from '@moc/domain/api/records'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import type { ResourceDef } from '@moc/domain/resources/types'
import { useQueryClient } from '@tanstack/react-query'
import { App, Flex } from 'antd'
import { useState } from 'react'
import { ApiError, api } from '../api/client.ts'
import { fileBase64 } from '../api/fileBase64.ts'
import { ExcelImportButton } from '../widgets/ExcelImportButton.tsx'
import { FailedRows } from '../widgets/FailedRows.tsx'
import { importFailureLines, resourceApi } from './derive.ts'
import { listQueryKey } from './useResourceList.ts'

/** The server's cap on an imported file (it travels base64 in the sealed JSON body). */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024

/**
 * 导入 of a record type (decision 0037): an .xlsx whose header row is the field labels (as 导出 writes them). All rows
 * or none: 导入成功，共 N 条, or a dialog listing each refused row (第 N 行：messages) and nothing written; with
 * importMode 'rows' the good rows go in and the dialog names the others.
 */
export function ImportButton({ def }: { def: ResourceDef }) {
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const url = resourceApi(def).import

  const importFile = async (file: File) => {
    if (!/\.xlsx$/i.test(file.name)) return message.error('只支持上传excel文件（.xlsx）', TOAST_ERROR_S)
    if (file.size > IMPORT_MAX_BYTES) return message.error('文件过大', TOAST_ERROR_S)
    setBusy(true)
    try {
      const result = await api.post<RecordImportResult>(url!, {
        fileName: file.name,
        file: await fileBase64(file),
      })
      await queryClient.invalidateQueries({ queryKey: listQueryKey(def) })
      const lines = importFailureLines(result)
      // importMode 'rows': the good rows went in, the others are named.
      if (lines.length)
        modal.warning({
          title: recordMessages.importedRows(result.added, lines.length),
          okText: '确定',
          width: 560,
          content: (
            <Flex vertical gap={4}>
              <FailedRows lines={lines} />
            </Flex>
          ),
        })
      else message.success(recordMessages.importedRows(result.added, 0), TOAST_SUCCESS_S)
    } catch (err) {
      const lines = err instanceof ApiError ? importFailureLines(err.data) : []
      if (!lines.length) return void message.error((err as Error).message, TOAST_ERROR_S)
      modal.error({
        title: (err as Error).message,
        okText: '确定',
        width: 560,
        content: (
          <Flex vertical gap={4}>
            <FailedRows lines={lines} />
          </Flex>
        ),
      })
    } finally {
      setBusy(false)
    }
  }

  if (!url) return null
  return <ExcelImportButton busy={busy} onFile={(file) => void importFile(file)} />
}
