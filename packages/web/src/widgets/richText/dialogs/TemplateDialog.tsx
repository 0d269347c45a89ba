import { type EditorTemplate, editorMessages, TEMPLATE_NAME_MAX } from '@moc/domain/api/editor'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { isRichTextEmpty } from '@moc/domain/rules/htmlText'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Empty, Flex, Form, Input, List, Modal, Popconfirm, Typography } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { api } from '../../../api/client.ts'
import { Loading } from '../../Loading.tsx'
import { HtmlPreview } from './HtmlPreview.tsx'

interface Props {
  open: boolean
  onClose: () => void
  onInsert: (html: string) => void
  /** The editor's current content, offered as 存为模板 (omitted or empty: nothing to save). */
  currentHtml?: string
}

const QUERY_KEY = ['editor-templates']

/** 模板 (spec §2 rich-text editor): the account's own saved snippets — insert, save the current content, rename, delete. */
export function TemplateDialog({ open, onClose, onInsert, currentHtml = '' }: Props) {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [selected, setSelected] = useState<number | null>(null)
  const [renaming, setRenaming] = useState<EditorTemplate | null>(null)
  const [saving, setSaving] = useState(false)
  const [form] = Form.useForm<{ name: string }>()
  const list = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => api.get<EditorTemplate[]>('/api/editor/template/list'),
    enabled: open,
  })
  const done = (msg: string) => {
    message.success(msg, TOAST_SUCCESS_S)
    setRenaming(null)
    setSaving(false)
    return queryClient.invalidateQueries({ queryKey: QUERY_KEY })
  }
  const onError = (err: Error) => message.error(err.message, TOAST_ERROR_S)
  const save = useMutation({
    mutationFn: (name: string) =>
      renaming
        ? api.post('/api/editor/template/modify', { id: renaming.id, name })
        : api.post('/api/editor/template/add', { name, html: currentHtml }),
    onSuccess: () => done('保存成功'),
    onError,
  })
  const remove = useMutation({
    mutationFn: (id: number) => api.post('/api/editor/template/delete', { id }),
    onSuccess: (_r, id) => {
      if (selected === id) setSelected(null)
      return done('删除成功')
    },
    onError,
  })

  const chosen = list.data?.find((t) => t.id === selected) ?? null
  const canSave = !isRichTextEmpty(currentHtml)
  const nameOpen = saving || renaming !== null

  return (
    <Modal
      open={open}
      title="模板"
      width={760}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="space-between">
          <Button disabled={!canSave} onClick={() => setSaving(true)}>
            存为模板
          </Button>
          <Flex gap={8}>
            <Button onClick={onClose}>取消</Button>
            <Button
              type="primary"
              disabled={!chosen}
              onClick={() => {
                if (!chosen) return
                onInsert(chosen.html)
                onClose()
              }}
            >
              插入
            </Button>
          </Flex>
        </Flex>
      }
    >
      {list.isLoading ? (
        <Loading />
      ) : list.error ? (
        <Alert type="error" showIcon title={list.error.message} />
      ) : (
        <Flex gap={16} align="start">
          <List
            style={{ flex: '0 0 300px', maxHeight: 360, overflow: 'auto' }}
            bordered
            size="small"
            dataSource={list.data ?? []}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
            renderItem={(t) => (
              <List.Item
                className={t.id === selected ? 'ant-list-item-active' : undefined}
                style={{
                  cursor: 'pointer',
                  background: t.id === selected ? 'var(--ant-color-primary-bg)' : undefined,
                }}
                onClick={() => setSelected(t.id)}
                actions={[
                  <Button
                    key="rename"
                    type="link"
                    size="small"
                    onClick={(e) => {
                      e.stopPropagation()
                      setRenaming(t)
                    }}
                  >
                    重命名
                  </Button>,
                  <Popconfirm
                    key="delete"
                    title={`确定删除模板“${t.name}”吗？`}
                    okText="确定"
                    cancelText="取消"
                    onConfirm={() => remove.mutate(t.id)}
                  >
                    <Button type="link" size="small" danger onClick={(e) => e.stopPropagation()}>
                      删除
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta title={t.name} description={dayjs(t.updatedAt).format('YYYY-MM-DD HH:mm')} />
              </List.Item>
            )}
          />
          <div style={{ flex: 1, minWidth: 0 }}>
            {chosen ? (
              <HtmlPreview html={chosen.html} label="模板预览" />
            ) : (
              <Typography.Text type="secondary">选择左侧的模板查看内容，点击“插入”放到光标处</Typography.Text>
            )}
          </div>
        </Flex>
      )}
      <Modal
        open={nameOpen}
        title={renaming ? '重命名模板' : '存为模板'}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        onCancel={() => {
          setSaving(false)
          setRenaming(null)
        }}
        onOk={() => form.validateFields().then((v) => save.mutate(v.name.trim()))}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          name="editor-template-name"
          preserve={false}
          initialValues={{ name: renaming?.name ?? '' }}
        >
          <Form.Item
            name="name"
            label="模板名称"
            rules={[
              { required: true, whitespace: true, message: editorMessages.templateNameRequired },
              { max: TEMPLATE_NAME_MAX, message: editorMessages.templateNameTooLong },
            ]}
          >
            <Input maxLength={TEMPLATE_NAME_MAX} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </Modal>
  )
}
