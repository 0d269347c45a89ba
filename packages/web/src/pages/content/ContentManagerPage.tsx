import type { ContentItem } from '@moc/domain/api/content'
import { PAGE_SIZES } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { contentResources } from '@moc/domain/resources/index'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { TableColumnsType } from 'antd'
import { Alert, Button, Card, DatePicker, Form, Input, Select, Table, Tag } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api } from '../../api/client.ts'
import { currentGrant, currentUser } from '../../api/session.ts'
import { useStatusNames } from '../../engine/useStatusNames.ts'
import { CreatorSelect } from '../../widgets/CreatorSelect.tsx'
import { SearchButtons } from '../../widgets/SearchButtons.tsx'
import type { Paged } from '../../widgets/usePagedQuery.ts'
import { type ContentSearchState, readContentSearch, writeContentSearch } from './contentSearchState.ts'

const SEARCH_URL = '/api/content/search'
const formatTime = (v: unknown) => (v ? dayjs(v as string).format('YYYY-MM-DD HH:mm:ss') : '--')
const kindOptions = [...contentResources.values()].map((d) => ({ value: d.storage.kind, label: d.label }))

interface SearchForm {
  kind?: string
  title?: string
  verifyState?: string
  createdBy?: string
  range?: [Dayjs | null, Dayjs | null] | null
}

/**
 * 全部内容 (/contentManager, spec §2): one search over every content type in the user's data scope (GET
 * /api/content/search) by title keyword, type, review state, creator and creation time, paged per spec §4;
 * `?repeatTitle=` lists the items with exactly that title (the duplicate-title confirm of the forms links here).
 * A row opens the item on its own type's screen when the user may see that type.
 */
export default function ContentManagerPage() {
  const [params, setParams] = useSearchParams()
  const me = currentUser()?.username
  const state = readContentSearch(params, me)
  const names = useStatusNames()
  const [form] = Form.useForm<SearchForm>()
  const update = (next: Partial<ContentSearchState>) => setParams(writeContentSearch({ ...state, ...next }))

  const query = { ...state.filters, page: state.page, pageSize: state.pageSize }
  const list = useQuery({
    queryKey: ['content-search', query],
    queryFn: () => api.get<Paged<ContentItem>>(SEARCH_URL, query),
    placeholderData: keepPreviousData,
  })
  // The form shows what the URL says (also after back/forward).
  const filtersKey = JSON.stringify(state.filters)
  useEffect(() => {
    const f = JSON.parse(filtersKey) as Record<string, string>
    form.resetFields()
    form.setFieldsValue({
      kind: f.kind,
      title: f.title,
      verifyState: f.verifyState,
      createdBy: f.createdBy,
      range:
        f.startTime || f.endTime
          ? [f.startTime ? dayjs(f.startTime) : null, f.endTime ? dayjs(f.endTime) : null]
          : null,
    })
  }, [filtersKey, form])

  const search = (v: SearchForm) => {
    const filters: Record<string, string> = {}
    if (v.kind) filters.kind = v.kind
    if (v.title?.trim()) filters.title = v.title.trim()
    if (v.verifyState !== undefined && v.verifyState !== null) filters.verifyState = String(v.verifyState)
    if (v.createdBy) filters.createdBy = v.createdBy
    if (v.range?.[0]) filters.startTime = v.range[0].toISOString()
    if (v.range?.[1]) filters.endTime = v.range[1].toISOString()
    if (state.filters.repeatTitle) filters.repeatTitle = state.filters.repeatTitle
    update({ filters, page: 1 })
  }

  const grant = currentGrant()
  const columns: TableColumnsType<ContentItem> = [
    {
      title: '标题',
      dataIndex: 'title',
      render: (v: string) => (
        <span className="moc-resource-title" title={v}>
          {v || '--'}
        </span>
      ),
    },
    { title: '类型', dataIndex: 'kind', render: (k: string) => contentResources.get(k)?.label ?? k },
    {
      title: '审核状态',
      dataIndex: 'verifyState',
      render: (v: unknown) => {
        const s = names.verifyState(v)
        return s ? <Tag color={s.color}>{s.text}</Tag> : '--'
      },
    },
    {
      title: '显示状态',
      dataIndex: 'showState',
      render: (v: boolean) => (v ? <Tag color="blue">显示</Tag> : <Tag>隐藏</Tag>),
    },
    { title: '创建人', dataIndex: 'creatorName', render: (v: string) => v || '--' },
    { title: '创建时间', dataIndex: 'createdAt', render: formatTime },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, row) => {
        const def = contentResources.get(row.kind)
        if (!def || !can(grant, def.permissionPage, '查看')) return '--'
        return <Link to={`${def.screens.detail}?id=${row.id}`}>查看</Link>
      },
    },
  ]

  return (
    <Card>
      {state.filters.repeatTitle ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`标题为「${state.filters.repeatTitle}」的内容`}
          action={
            <Button size="small" onClick={() => setParams(new URLSearchParams())}>
              查看全部内容
            </Button>
          }
        />
      ) : null}
      <Form<SearchForm> form={form} name="content-search" layout="inline" onFinish={search}>
        <Form.Item label="标题" name="title">
          <Input allowClear maxLength={100} placeholder="请输入标题关键字" />
        </Form.Item>
        <Form.Item label="类型" name="kind">
          <Select allowClear style={{ width: 140 }} placeholder="全部类型" options={kindOptions} />
        </Form.Item>
        <Form.Item label="审核状态" name="verifyState">
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder="全部状态"
            options={[0, 1, 2, 3].map((v) => ({
              value: String(v),
              label: names.verifyState(v)?.text ?? String(v),
            }))}
          />
        </Form.Item>
        <Form.Item label="创建人" name="createdBy">
          <CreatorSelect />
        </Form.Item>
        <Form.Item label="创建时间" name="range">
          <DatePicker.RangePicker showTime format="YYYY-MM-DD HH:mm:ss" allowEmpty={[true, true]} />
        </Form.Item>
        {/* 重置: back to the defaults (the signed-in user as creator), leaving a duplicate-title list too. */}
        <SearchButtons onReset={() => setParams(new URLSearchParams())} />
      </Form>
      {list.error ? (
        <Alert type="error" showIcon title={list.error.message} style={{ marginTop: 16 }} />
      ) : null}
      <Table<ContentItem>
        style={{ marginTop: 16 }}
        rowKey="id"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        locale={{ emptyText: list.isFetching ? '加载中...' : '暂无数据' }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total: list.data?.total ?? 0,
          pageSizeOptions: [...PAGE_SIZES],
          showSizeChanger: true,
          showQuickJumper: true,
          showLessItems: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (page, pageSize) => update({ page: pageSize === state.pageSize ? page : 1, pageSize }),
        }}
      />
    </Card>
  )
}
