import {
  SYSLOG_EXPORT_MAX_ROWS,
  SYSLOG_NO_PAGE,
  type SyslogItem,
  syslogResultLabels,
} from '@moc/domain/api/syslog'
import { permissionPages } from '@moc/domain/catalogue'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { errorCodes } from '@moc/domain/transport/errorCodes'
import { useQuery } from '@tanstack/react-query'
import {
  App,
  AutoComplete,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  Select,
  Tag,
  Tooltip,
  Typography,
} from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { api } from '../../api/client.ts'
import { downloadFile } from '../../api/download.ts'
import { currentGrant } from '../../api/session.ts'
import { PagedTable } from '../../widgets/PagedTable.tsx'
import { SearchButtons } from '../../widgets/SearchButtons.tsx'
import { useColumnSettings } from '../../widgets/useColumnSettings.tsx'
import { usePagedQuery } from '../../widgets/usePagedQuery.ts'

interface SearchForm {
  actor?: string
  pageName?: string
  action?: string
  result?: 'success' | 'fail'
  range?: [Dayjs | null, Dayjs | null] | null
}

/** The list's and the export's filters, as the server reads them. */
interface Filters {
  actor?: string
  pageName?: string
  action?: string
  result?: 'success' | 'fail'
  startTime?: string
  endTime?: string
}

const PAGE = '系统-操作日志'
const NO_PAGE_LABEL = '无（登录、注册等）'
/** The permission pages, then the screens some calls are logged under instead (组织架构, from the server's list). */
const pageOptionsWith = (logged: readonly string[]) => [
  { value: SYSLOG_NO_PAGE, label: NO_PAGE_LABEL },
  ...[...new Set([...permissionPages.map((p) => p.name), ...logged.filter(Boolean)])].map((name) => ({
    value: name,
    label: name,
  })),
]
const resultOptions = Object.entries(syslogResultLabels).map(([value, label]) => ({ value, label }))
const codeMeaning = new Map<number, string>(Object.values(errorCodes).map((e) => [e.code, e.msg]))
const TIME = 'YYYY-MM-DD HH:mm:ss'

const FILTER_PARAMS = ['actor', 'pageName', 'action', 'result', 'startTime', 'endTime'] as const

/** The URL's filters as the search form's values (the time range as dates). */
const formValuesOf = (v: Record<string, string>): SearchForm => ({
  actor: v.actor,
  pageName: v.pageName,
  action: v.action,
  result: v.result === 'success' || v.result === 'fail' ? v.result : undefined,
  range:
    v.startTime || v.endTime
      ? [v.startTime ? dayjs(v.startTime) : null, v.endTime ? dayjs(v.endTime) : null]
      : undefined,
})

function toFilters(v: SearchForm): Filters {
  const [start, end] = v.range ?? []
  return {
    actor: v.actor?.trim() || undefined,
    pageName: v.pageName || undefined,
    action: v.action?.trim() || undefined,
    result: v.result,
    startTime: start?.toISOString(),
    endTime: end?.toISOString(),
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KB`

const columns: ColumnsType<SyslogItem> = [
  { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dayjs(v).format(TIME) },
  {
    title: '操作人',
    dataIndex: 'username',
    width: 140,
    render: (v: string, r) => (
      <>
        {v || '--'}
        {r.adminId !== null ? <Typography.Text type="secondary"> (ID {r.adminId})</Typography.Text> : null}
      </>
    ),
  },
  { title: '页面', dataIndex: 'page', width: 140, render: (v: string) => v || NO_PAGE_LABEL },
  { title: '操作', dataIndex: 'action', width: 150 },
  {
    title: '操作对象',
    dataIndex: 'targetName',
    // The name kept when the row was written (titles, account and role names); its ids beside it. Rows older
    // than names show the ids alone.
    render: (v: string, r) =>
      v ? (
        <>
          {v}
          {r.target ? <Typography.Text type="secondary"> ({r.target})</Typography.Text> : null}
        </>
      ) : (
        r.target || '--'
      ),
  },
  { title: 'IP', dataIndex: 'ip', width: 140 },
  {
    title: '结果',
    dataIndex: 'result',
    width: 190,
    render: (v: SyslogItem['result'], r) =>
      v === 'success' ? (
        <Tag color="green">{syslogResultLabels.success}</Tag>
      ) : (
        <>
          <Tag color="red">{syslogResultLabels.fail}</Tag>
          <Typography.Text type="secondary">{codeMeaning.get(r.code) ?? `代码 ${r.code}`}</Typography.Text>
        </>
      ),
  },
  {
    title: '浏览器',
    dataIndex: 'userAgent',
    width: 160,
    ellipsis: { showTitle: false },
    render: (v: string) =>
      v ? (
        <Tooltip title={v} placement="topLeft">
          {/* Focusable, so keyboard users can open the full user agent too. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip opens on focus */}
          <span tabIndex={0}>{v}</span>
        </Tooltip>
      ) : (
        '--'
      ),
  },
]

/** 操作日志: every change and sign-in, filtered by actor, page, action, result and time; exported to Excel. */
export default function SystemLogPage() {
  const { message } = App.useApp()
  const [form] = Form.useForm<SearchForm>()
  const [exporting, setExporting] = useState<{ received: number } | null>(null)
  // The filters live in the URL (decision 0036); the export takes the same ones.
  const { list, pagination, search, searched } = usePagedQuery<SyslogItem>(
    'syslog-list',
    '/api/system/syslog/list',
    {},
    { url: { params: FILTER_PARAMS, form, toForm: formValuesOf } },
  )
  const filters = searched as Filters
  const table = useColumnSettings(columns, { defaultSize: 'middle' })
  const mayExport = can(currentGrant(), PAGE, '导出')

  const options = useQuery({
    queryKey: ['syslog-options'],
    queryFn: () => api.get<{ actions: { action: string; page: string }[] }>('/api/system/syslog/options'),
    staleTime: Number.POSITIVE_INFINITY,
  })
  const pageOptions = pageOptionsWith((options.data?.actions ?? []).map((a) => a.page))
  const chosenPage = Form.useWatch('pageName', form)
  const actionOptions = (options.data?.actions ?? [])
    .filter((a) => !chosenPage || a.page === (chosenPage === SYSLOG_NO_PAGE ? '' : chosenPage))
    .map((a) => ({ value: a.action }))

  const onSearch = (values: SearchForm) => search({ ...toFilters(values) })

  const exportXlsx = async () => {
    setExporting({ received: 0 })
    try {
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
      const { headers } = await downloadFile(
        '/api/system/syslog',
        { ...filters, timeZone },
        '操作日志.xlsx',
        (received) => setExporting({ received }),
      )
      const total = Number(headers.get('x-export-total') ?? 0)
      const rows = Number(headers.get('x-export-rows') ?? 0)
      if (total > rows)
        message.warning(
          `共 ${total} 条，单次最多导出 ${SYSLOG_EXPORT_MAX_ROWS} 条，已导出最新的 ${rows} 条`,
          4,
        )
      else message.success(`导出成功，共 ${rows} 条`, TOAST_SUCCESS_S)
    } catch (err) {
      message.error((err as Error).message, TOAST_ERROR_S)
    } finally {
      setExporting(null)
    }
  }

  return (
    <Card>
      <Form form={form} name="syslog-search" layout="inline" onFinish={onSearch} style={{ rowGap: 12 }}>
        <Form.Item label="操作人" name="actor">
          <Input allowClear maxLength={50} placeholder="用户名或账号ID" />
        </Form.Item>
        <Form.Item label="页面" name="pageName">
          <Select
            allowClear
            showSearch
            placeholder="全部页面"
            options={pageOptions}
            style={{ width: 200 }}
            onChange={() => form.setFieldValue('action', undefined)}
          />
        </Form.Item>
        <Form.Item label="操作" name="action">
          <AutoComplete
            allowClear
            options={actionOptions}
            placeholder="操作名称"
            style={{ width: 180 }}
            filterOption={(input, option) => String(option?.value ?? '').includes(input.trim())}
          />
        </Form.Item>
        <Form.Item label="结果" name="result">
          <Select allowClear placeholder="全部" options={resultOptions} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item label="时间" name="range">
          <DatePicker.RangePicker
            showTime
            allowEmpty={[true, true]}
            format={TIME}
            placeholder={['开始时间', '结束时间']}
          />
        </Form.Item>
        <SearchButtons onReset={() => search({})} />
      </Form>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 16 }}>
        <Typography.Text type="secondary" role="status">
          {list.isFetching ? '加载中...' : '操作日志只读，不可修改或删除'}
        </Typography.Text>
        <Flex gap={8} align="center">
          {exporting ? (
            <Typography.Text type="secondary" role="status" aria-live="polite">
              正在导出，已接收 {kb(exporting.received)}
            </Typography.Text>
          ) : null}
          <Button onClick={() => void list.refetch()} loading={list.isFetching}>
            刷新
          </Button>
          {mayExport ? (
            <Button type="primary" onClick={() => void exportXlsx()} loading={exporting !== null}>
              导出
            </Button>
          ) : null}
          {table.button}
        </Flex>
      </Flex>
      <PagedTable<SyslogItem>
        list={list}
        pagination={pagination}
        columns={table.columns}
        scroll={{ x: 1200 }}
        size={table.size}
      />
    </Card>
  )
}
