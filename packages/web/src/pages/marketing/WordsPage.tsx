import {
  type SensitiveLevel,
  sensitiveLevelLabels,
  sensitiveLevels,
  WORD_IMPORT_MAX_BYTES,
  type WordImportResult,
  type WordItem,
  wordMessages,
  wordSheetColumns,
} from '@moc/domain/api/sensitiveWords'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Form, Input, Popconfirm, Select, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { api } from '../../api/client.ts'
import { downloadFile } from '../../api/download.ts'
import { fileBase64 } from '../../api/fileBase64.ts'
import { currentGrant } from '../../api/session.ts'
import { ExcelImportButton } from '../../widgets/ExcelImportButton.tsx'
import { FailedRows } from '../../widgets/FailedRows.tsx'
import { PagedTable } from '../../widgets/PagedTable.tsx'
import { SearchButtons } from '../../widgets/SearchButtons.tsx'
import { levelColors } from '../../widgets/SensitiveReviewDialog.tsx'
import { usePagedQuery } from '../../widgets/usePagedQuery.ts'
import { useWordCategories, WORD_CATEGORIES_KEY, WORD_DETAIL_KEY, WORD_LIST_KEY } from './wordQueries.ts'

const PAGE = '敏感词管理'

interface Filters {
  keyword?: string
  category?: string
  level?: SensitiveLevel
}

const levelOptions = sensitiveLevels.map((l) => ({ value: l, label: sensitiveLevelLabels[l] }))

/** 敏感词管理 (/words): find words, add and edit them, delete in batch, import from and export to Excel. */
export default function WordsPage() {
  const { message, modal } = App.useApp()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const grant = currentGrant()
  const may = {
    add: can(grant, PAGE, '添加'),
    edit: can(grant, PAGE, '编辑'),
    remove: can(grant, PAGE, '删除'),
    import: can(grant, PAGE, '导入'),
    export: can(grant, PAGE, '导出'),
  }
  const [filters, setFilters] = useState<Filters>({})
  const [selected, setSelected] = useState<number[]>([])
  const [importing, setImporting] = useState(false)
  const [exporting, setExporting] = useState(false)
  const categories = useWordCategories()
  const { list, pagination, search } = usePagedQuery<WordItem>(WORD_LIST_KEY, '/api/sensitive-word/list')

  const refresh = () =>
    Promise.all(
      [WORD_LIST_KEY, WORD_DETAIL_KEY, WORD_CATEGORIES_KEY].map((k) =>
        queryClient.invalidateQueries({ queryKey: [k] }),
      ),
    )

  const remove = useMutation({
    mutationFn: (ids: number[]) => api.post<{ removed: number }>('/api/sensitive-word/delete', { ids }),
    onSuccess: (_, ids) => {
      message.success(wordMessages.removed, TOAST_SUCCESS_S)
      setSelected((s) => s.filter((id) => !ids.includes(id)))
      return refresh()
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })

  const onSearch = (values: Filters) => {
    setFilters(values)
    setSelected([])
    search(values as Record<string, string | undefined>)
  }

  const confirmBatchDelete = () =>
    modal.confirm({
      title: '提示',
      content: `确定删除选中的${selected.length}个敏感词？删除后不可恢复`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(selected).catch(() => undefined),
    })

  const importFile = async (file: File) => {
    if (!/\.xlsx$/i.test(file.name)) return message.error(`${wordMessages.notExcel}（.xlsx）`, TOAST_ERROR_S)
    if (file.size > WORD_IMPORT_MAX_BYTES) return message.error(wordMessages.fileTooLarge, TOAST_ERROR_S)
    setImporting(true)
    try {
      const result = await api.post<WordImportResult>('/api/sensitive-word/import', {
        fileName: file.name,
        file: await fileBase64(file),
      })
      await refresh()
      showImportResult(result)
    } catch (err) {
      message.error((err as Error).message, TOAST_ERROR_S)
    } finally {
      setImporting(false)
    }
  }

  const showImportResult = ({ added, skipped, failed }: WordImportResult) =>
    modal[failed.length ? 'warning' : 'success']({
      title: wordMessages.imported,
      okText: '确定',
      width: 520,
      content: (
        <Flex vertical gap={8} className="moc-word-import-result">
          <Typography.Text>
            新增 {added} 条，跳过 {skipped} 条（已存在或文件中重复），失败 {failed.length} 条
          </Typography.Text>
          <FailedRows
            lines={failed.map((f) => `第 ${f.row} 行${f.word ? `「${f.word}」` : ''}：${f.reason}`)}
          />
        </Flex>
      ),
    })

  const exportWords = async () => {
    setExporting(true)
    try {
      const { headers } = await downloadFile('/api/sensitive-word/export', filters, '敏感词.xlsx')
      message.success(`导出成功，共 ${headers.get('x-export-total') ?? 0} 条`, TOAST_SUCCESS_S)
    } catch (err) {
      message.error((err as Error).message, TOAST_ERROR_S)
    } finally {
      setExporting(false)
    }
  }

  const columns: ColumnsType<WordItem> = [
    { title: '敏感词', dataIndex: 'word' },
    { title: '分类', dataIndex: 'category', render: (v: string) => v || '--' },
    {
      title: '级别',
      dataIndex: 'level',
      width: 100,
      render: (v: SensitiveLevel) => <Tag color={levelColors[v]}>{sensitiveLevelLabels[v]}</Tag>,
    },
    { title: '创建人', dataIndex: 'createdByName', width: 140, render: (v: string) => v || '--' },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 190,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_: unknown, row: WordItem) => (
        <Flex gap={4}>
          <Button type="link" size="small" onClick={() => navigate(`/wordsDetail?id=${row.id}`)}>
            {may.edit ? '编辑' : '查看'}
          </Button>
          {may.remove ? (
            <Popconfirm
              title={`确定删除敏感词「${row.word}」？`}
              okText="确定"
              cancelText="取消"
              onConfirm={() => remove.mutateAsync([row.id]).catch(() => undefined)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      ),
    },
  ]

  return (
    <Card>
      <Form<Filters> name="word-search" layout="inline" onFinish={onSearch} style={{ rowGap: 12 }}>
        <Form.Item label="敏感词" name="keyword">
          <Input allowClear maxLength={50} placeholder="请输入敏感词" />
        </Form.Item>
        <Form.Item label="分类" name="category">
          <Select
            allowClear
            showSearch
            placeholder="全部"
            style={{ width: 160 }}
            loading={categories.isLoading}
            notFoundContent="暂无数据"
            options={(categories.data ?? []).map((c) => ({ value: c, label: c }))}
          />
        </Form.Item>
        <Form.Item label="级别" name="level">
          <Select allowClear placeholder="全部" style={{ width: 120 }} options={levelOptions} />
        </Form.Item>
        <SearchButtons onReset={() => onSearch({})} />
      </Form>
      <Flex gap={8} wrap style={{ marginTop: 16 }}>
        {may.add ? (
          <Button type="primary" onClick={() => navigate('/wordsDetail')}>
            添加敏感词
          </Button>
        ) : null}
        {may.remove ? (
          <Button danger disabled={!selected.length} loading={remove.isPending} onClick={confirmBatchDelete}>
            批量删除
          </Button>
        ) : null}
        {may.import ? <ExcelImportButton busy={importing} onFile={(file) => void importFile(file)} /> : null}
        {may.export ? (
          <Button loading={exporting} onClick={exportWords}>
            导出
          </Button>
        ) : null}
        <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
          导入文件为 .xlsx，列：{Object.values(wordSheetColumns).join('、')}（
          {levelOptions.map((o) => o.label).join('/')}，空为审核）；可先导出作为模板
        </Typography.Text>
      </Flex>
      <PagedTable<WordItem>
        list={list}
        pagination={pagination}
        columns={columns}
        rowSelection={
          may.remove
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
            : undefined
        }
        scroll={{ x: 'max-content' }}
      />
    </Card>
  )
}
