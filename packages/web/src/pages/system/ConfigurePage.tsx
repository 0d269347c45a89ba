import {
  CONFIGURE_MAX_CHARS,
  type ConfigureDoc,
  type ConfigureVersion,
  configureMessages,
  configureTypeLabels,
  configureTypes,
} from '@moc/domain/api/configure'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can, isSuperAdmin } from '@moc/domain/permissions/can'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Col, Drawer, Flex, Popconfirm, Row, Table, Tabs, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { api } from '../../api/client.ts'
import { currentGrant } from '../../api/session.ts'
import { previewHtml } from '../../widgets/previewHtml.ts'
import { RichTextField } from '../../widgets/richText/RichTextField.tsx'
import { usePagedQuery } from '../../widgets/usePagedQuery.ts'
import { useUnsavedChangesGuard } from '../../widgets/useUnsavedChangesGuard.ts'
import { EditorSettingsCard } from './EditorSettingsCard.tsx'
import { SystemSettingsCard } from './SystemSettingsCard.tsx'
import { ToolSettingsCard } from './ToolSettingsCard.tsx'
import './settings.css'

const PAGE = '系统-运营配置'
const TIME = 'YYYY-MM-DD HH:mm:ss'
const sizeText = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`)

const docKey = (type: string) => ['configure', type]

/** The saved versions of one type, newest first, with a preview and restore. */
function VersionDrawer({
  type,
  open,
  onClose,
  mayEdit,
  onRestored,
}: {
  type: string
  open: boolean
  onClose: () => void
  mayEdit: boolean
  onRestored: () => void
}) {
  const { message } = App.useApp()
  const [viewing, setViewing] = useState<number | null>(null)
  const { list, pagination } = usePagedQuery<ConfigureVersion>(
    'configure-versions',
    '/api/setting/versions',
    {
      type,
    },
  )
  const shown = useQuery({
    queryKey: ['configure-version', type, viewing],
    queryFn: () => api.get<{ content: string }>('/api/setting/version', { type, id: viewing }),
    enabled: open && viewing !== null,
  })
  const restore = useMutation({
    mutationFn: (id: number) => api.post('/api/setting/restore', { type, id }),
    onSuccess: () => {
      message.success(configureMessages.restored, TOAST_SUCCESS_S)
      setViewing(null)
      onRestored()
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })

  const columns: ColumnsType<ConfigureVersion> = [
    { title: '保存时间', dataIndex: 'createdAt', render: (v: string) => dayjs(v).format(TIME) },
    { title: '保存人', dataIndex: 'username' },
    { title: '大小', dataIndex: 'size', render: sizeText },
    {
      title: '操作',
      key: 'actions',
      render: (_, row) => (
        <Flex gap={4}>
          <Button
            type="link"
            size="small"
            onClick={() => setViewing(row.id)}
            aria-pressed={viewing === row.id}
          >
            查看
          </Button>
          {mayEdit ? (
            <Popconfirm
              title="确定恢复到该版本？"
              description="该版本的内容将另存为最新版本，现有版本仍保留在历史中。"
              okText="确定"
              cancelText="取消"
              onConfirm={() => restore.mutateAsync(row.id)}
            >
              <Button type="link" size="small" loading={restore.isPending && restore.variables === row.id}>
                恢复
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      ),
    },
  ]

  return (
    <Drawer
      title={`${configureTypeLabels[type]} · 版本历史`}
      open={open}
      onClose={onClose}
      size={640}
      destroyOnHidden
    >
      {list.error ? <Alert type="error" showIcon title={list.error.message} /> : null}
      <Table<ConfigureVersion>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        pagination={pagination}
        locale={{ emptyText: '暂无数据' }}
      />
      {viewing !== null ? (
        <section aria-label="版本内容" className="moc-configure__version">
          <Typography.Title level={5}>版本内容</Typography.Title>
          {shown.isFetching ? (
            <Typography.Text type="secondary">加载中...</Typography.Text>
          ) : (
            <div
              className="moc-configure__preview"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: stored text, sanitized by the server and again here
              dangerouslySetInnerHTML={{ __html: previewHtml(shown.data?.content ?? '') }}
            />
          )}
        </section>
      ) : null}
    </Drawer>
  )
}

/** 运营配置: the legal and about texts shown in the app, one tab per type, every save kept as a version. */
export default function ConfigurePage() {
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const requested = params.get('type')
  const type = requested && configureTypes.includes(requested) ? requested : configureTypes[0]
  const grant = currentGrant()
  const mayEdit = can(grant, PAGE, '编辑')
  const [draft, setDraft] = useState<string | undefined>(undefined)
  const [historyOpen, setHistoryOpen] = useState(false)

  const doc = useQuery({
    queryKey: docKey(type),
    queryFn: () => api.get<ConfigureDoc>('/api/setting/get', { type }),
  })
  const saved = doc.data?.content ?? ''
  const text = draft ?? saved
  const dirty = draft !== undefined && draft !== saved

  // Leaving with unsaved text: the browser asks on reload/close, the router on navigation inside the console.
  useUnsavedChangesGuard(dirty)

  const save = useMutation({
    mutationFn: () => api.post<{ id: number }>('/api/setting/update', { type, content: text }),
    onSuccess: async () => {
      message.success(configureMessages.saved, TOAST_SUCCESS_S)
      await queryClient.invalidateQueries({ queryKey: docKey(type) })
      await queryClient.invalidateQueries({ queryKey: ['configure-versions'] })
      // The server's sanitized text is now the saved one.
      setDraft(undefined)
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })

  const switchTo = (next: string) => {
    const go = () => {
      setDraft(undefined)
      setParams((prev) => {
        const p = new URLSearchParams(prev)
        p.set('type', next)
        return p
      })
    }
    if (!dirty) return go()
    modal.confirm({
      title: '内容未保存',
      content: `${configureTypeLabels[type]}的修改尚未保存，切换后修改将丢失。确定切换？`,
      okText: '切换',
      cancelText: '取消',
      onOk: go,
    })
  }

  const label = configureTypeLabels[type]
  return (
    <Flex vertical gap={16}>
      <Card>
        <Tabs
          activeKey={type}
          onChange={switchTo}
          items={configureTypes.map((key) => ({ key, label: configureTypeLabels[key] }))}
        />
        {doc.error ? (
          <Alert type="error" showIcon title={doc.error.message} style={{ marginBottom: 16 }} />
        ) : null}
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary" role="status">
            {doc.isFetching
              ? '加载中...'
              : doc.data?.updatedAt
                ? `最后保存：${doc.data.updatedBy ?? ''} · ${dayjs(doc.data.updatedAt).format(TIME)}`
                : '尚未保存过内容'}
            {dirty ? '（有未保存的修改）' : ''}
          </Typography.Text>
          <Flex gap={8}>
            <Button onClick={() => setHistoryOpen(true)}>版本历史</Button>
            {mayEdit ? (
              <Button
                type="primary"
                onClick={() => save.mutate()}
                loading={save.isPending}
                disabled={!dirty || doc.isFetching}
              >
                保存
              </Button>
            ) : null}
          </Flex>
        </Flex>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <label htmlFor="moc-configure-source" className="moc-configure__label">
              {label}内容
            </label>
            <RichTextField
              id="moc-configure-source"
              value={text}
              onChange={setDraft}
              maxLength={CONFIGURE_MAX_CHARS}
              disabled={!mayEdit || doc.isLoading}
              aria-label={`${label}内容`}
            />
          </Col>
          <Col xs={24} lg={12}>
            <section aria-label={`${label}预览`}>
              <span className="moc-configure__label" aria-hidden>
                预览
              </span>
              <div
                className="moc-configure__preview"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: passed through the shared allow-list first
                dangerouslySetInnerHTML={{ __html: previewHtml(text) }}
              />
            </section>
          </Col>
        </Row>
        <VersionDrawer
          key={type}
          type={type}
          open={historyOpen}
          onClose={() => setHistoryOpen(false)}
          mayEdit={mayEdit}
          onRestored={() => {
            setDraft(undefined)
            void queryClient.invalidateQueries({ queryKey: docKey(type) })
            void queryClient.invalidateQueries({ queryKey: ['configure-versions'] })
          }}
        />
      </Card>
      {isSuperAdmin(grant) ? <SystemSettingsCard /> : null}
      {isSuperAdmin(grant) ? <EditorSettingsCard /> : null}
      {isSuperAdmin(grant) ? <ToolSettingsCard /> : null}
    </Flex>
  )
}
