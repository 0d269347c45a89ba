import { type RecordImportResult, recordMessages } from '@moc/domain/api/records'
import { TOAST_ERROR_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { commentTemplate } from '@moc/domain/resources/community/commentTemplate'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, App, Card, Flex, Tabs, Typography } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useSearchParams } from 'react-router'
import { api } from '../../api/client.ts'
import { fileBase64 } from '../../api/fileBase64.ts'
import { currentGrant } from '../../api/session.ts'
import { importFailureLines, resourceApi } from '../../engine/derive.ts'
import { listQueryKey } from '../../engine/useResourceList.ts'
import { ExcelImportButton } from '../../widgets/ExcelImportButton.tsx'
import { FailedRows } from '../../widgets/FailedRows.tsx'

const ResourceList = lazy(() =>
  import('../../engine/ResourceList.tsx').then((m) => ({ default: m.ResourceList })),
)

/** The server's cap on an imported file (it travels base64 in the sealed JSON body). */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024
const TABS = [
  { key: 'list', label: '模板列表' },
  { key: 'import', label: '批量导入' },
]

/**
 * 评论模板 (spec §2 /operateComment, type list and import; decision 0042): 模板列表 is the engine's list of the
 * definition (启用/禁用, 评论 as an operator account); 批量导入 takes an .xlsx and imports it row by row — the good
 * rows go in, each bad row is named with its reasons.
 */
export default function CommentTemplatesPage() {
  const [params, setParams] = useSearchParams()
  const type = params.get('type') === 'import' ? 'import' : 'list'
  return (
    <Flex vertical gap={0}>
      <Card styles={{ body: { paddingBottom: 0 } }}>
        <Tabs
          activeKey={type}
          onChange={(key) => setParams(key === 'list' ? {} : { type: key })}
          items={TABS}
        />
      </Card>
      {type === 'list' ? (
        <Suspense fallback={null}>
          <ResourceList def={commentTemplate} />
        </Suspense>
      ) : (
        <TemplateImport />
      )}
    </Flex>
  )
}

function TemplateImport() {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<RecordImportResult>()
  const mayImport = can(currentGrant(), commentTemplate.permissionPage, '导入')

  const importFile = async (file: File) => {
    if (!/\.xlsx$/i.test(file.name)) return message.error('只支持上传excel文件（.xlsx）', TOAST_ERROR_S)
    if (file.size > IMPORT_MAX_BYTES) return message.error('文件过大', TOAST_ERROR_S)
    setBusy(true)
    setResult(undefined)
    try {
      setResult(
        await api.post<RecordImportResult>(resourceApi(commentTemplate).import!, {
          fileName: file.name,
          file: await fileBase64(file),
        }),
      )
      await queryClient.invalidateQueries({ queryKey: listQueryKey(commentTemplate) })
    } catch (err) {
      message.error((err as Error).message, TOAST_ERROR_S)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card>
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>
          上传 .xlsx 文件，首行为列名「模板分类」「模板内容」，每行一条模板；模板内容必填，最多 1000
          字。正确的行导入，有误的行列出行号与原因。
        </Typography.Paragraph>
        {mayImport ? (
          <div>
            <ExcelImportButton busy={busy} onFile={(file) => void importFile(file)} />
          </div>
        ) : (
          <Alert type="info" showIcon title="没有导入权限" />
        )}
        {result ? (
          <Alert
            type={result.failed?.length ? 'warning' : 'success'}
            showIcon
            title={recordMessages.importedRows(result.added, result.failed?.length ?? 0)}
            description={
              result.failed?.length ? (
                <Flex vertical gap={4}>
                  <FailedRows lines={importFailureLines(result)} />
                </Flex>
              ) : undefined
            }
          />
        ) : null}
      </Flex>
    </Card>
  )
}
