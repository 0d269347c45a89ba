import {
  PROCESS_DESCRIPTION_MAX,
  PROCESS_NAME_MAX,
  type ProcessItem,
  reviewMessages,
  type StateItem,
} from '@moc/domain/api/review'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { App, Button, Drawer, Flex, Form, Input, Popconfirm, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { api } from '../../../api/client.ts'
import { currentGrant } from '../../../api/session.ts'
import { useFormEdits } from '../../../widgets/formEdits.ts'
import { PagedTable } from '../../../widgets/PagedTable.tsx'
import { UNSAVED_CHANGES, useUnsavedChangesGuard } from '../../../widgets/useUnsavedChangesGuard.ts'
import { NodeDialog } from './NodeDialog.tsx'
import { movedOrder } from './processNodes.ts'
import { PAGE, processKeys, useProcessNodes } from './processQueries.ts'

export type ProcessTarget = 'new' | Pick<ProcessItem, 'id' | 'name' | 'description'>

interface Props {
  target: ProcessTarget | undefined
  /** After the name and description are saved (a new process then has an id and takes nodes). */
  onSaved: (saved: Pick<ProcessItem, 'id' | 'name' | 'description'>) => void
  /** After any change the list shows (name, description, node count). */
  onChanged: () => unknown
  onClose: () => void
}

/**
 * 新增 / 编辑流程: the name and description, then the ordered review nodes (审核节点) — add, edit, delete,
 * move up and down — each naming the roles and accounts who may act there.
 */
export function ProcessEditor({ target, onSaved, onChanged, onClose }: Props) {
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<{ name: string; description: string }>()
  const grant = currentGrant()
  const existing = typeof target === 'object' ? target : undefined
  const mayWrite = can(grant, PAGE, existing ? '编辑' : '添加')
  const mayAddNode = can(grant, PAGE, '添加')
  const mayEditNode = can(grant, PAGE, '编辑')
  const mayRemoveNode = can(grant, PAGE, '删除')
  const nodes = useProcessNodes(existing?.id)
  const items = nodes.data?.items ?? []
  /** The node open in the dialog: a node, 'new', or none. */
  const [nodeTarget, setNodeTarget] = useState<StateItem | 'new'>()
  const opened = existing ? { name: existing.name, description: existing.description } : {}
  // An edited name or description is not left behind unasked: leaving the screen, or closing the drawer.
  const edits = useFormEdits(form, opened, existing?.id ?? target)
  const open = target !== undefined
  useUnsavedChangesGuard(() => open && edits.edited())
  const close = () => {
    if (!edits.edited()) return onClose()
    modal.confirm({ ...UNSAVED_CHANGES, onOk: onClose })
  }

  const fail = (err: Error) => message.error(err.message, TOAST_ERROR_S)
  const nodesChanged = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: [processKeys.nodes, existing?.id] }), onChanged()])

  const save = useMutation({
    mutationFn: (v: { name: string; description?: string }) => {
      const body = { name: v.name.trim(), description: (v.description ?? '').trim() }
      return existing
        ? api
            .post('/api/process/update', { id: existing.id, ...body })
            .then(() => ({ ...body, id: existing.id }))
        : api.post<{ id: number }>('/api/process/create', body).then((r) => ({ ...body, id: r.id }))
    },
    onSuccess: async (saved) => {
      edits.accept()
      message.success(existing ? '保存成功' : '新增流程成功，请添加审核节点', TOAST_SUCCESS_S)
      await onChanged()
      onSaved(saved)
    },
    onError: fail,
  })
  const reorder = useMutation({
    mutationFn: (ids: number[]) => api.post('/api/process/state/sort', { processId: existing!.id, ids }),
    onSuccess: nodesChanged,
    onError: fail,
  })
  const removeNode = useMutation({
    mutationFn: (id: number) => api.post('/api/process/state/delete', { id }),
    onSuccess: () => {
      message.success('删除成功', TOAST_SUCCESS_S)
      return nodesChanged()
    },
    onError: fail,
  })

  const move = (index: number, delta: -1 | 1) =>
    reorder.mutate(
      movedOrder(
        items.map((n) => n.id),
        index,
        delta,
      ),
    )

  const columns: ColumnsType<StateItem> = [
    { title: '顺序', key: 'order', width: 64, render: (_: unknown, _n, i) => i + 1 },
    { title: '节点名称', dataIndex: 'name' },
    {
      title: '可审核人员',
      key: 'members',
      render: (_: unknown, n) =>
        n.roles.length || n.admins.length ? (
          <Flex gap={4} wrap>
            {n.roles.map((r) => (
              <Tag key={`r${r.id}`} color="blue">
                角色：{r.name}
              </Tag>
            ))}
            {n.admins.map((a) => (
              <Tag key={`a${a.id}`} color="geekblue">
                账号：{a.name}
              </Tag>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">任何有审核权限的账号</Typography.Text>
        ),
    },
    ...(mayEditNode || mayRemoveNode
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 230,
            render: (_: unknown, n: StateItem, i: number) => (
              <Flex gap={4} wrap>
                {mayEditNode ? (
                  <>
                    <Button
                      type="link"
                      size="small"
                      disabled={i === 0 || reorder.isPending}
                      onClick={() => move(i, -1)}
                    >
                      上移
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      disabled={i === items.length - 1 || reorder.isPending}
                      onClick={() => move(i, 1)}
                    >
                      下移
                    </Button>
                    <Button type="link" size="small" onClick={() => setNodeTarget(n)}>
                      编辑
                    </Button>
                  </>
                ) : null}
                {mayRemoveNode ? (
                  <Popconfirm
                    title={`确定删除节点「${n.name}」？`}
                    okText="确定"
                    cancelText="取消"
                    onConfirm={() => removeNode.mutateAsync(n.id).catch(() => undefined)}
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
      : []),
  ]

  return (
    <Drawer
      title={existing ? `编辑流程：${existing.name}` : '新增流程'}
      open={open}
      onClose={close}
      size={760}
      destroyOnHidden
    >
      <Form
        form={form}
        name="process-editor"
        layout="vertical"
        initialValues={opened}
        onFinish={(v) => save.mutate(v)}
        disabled={!mayWrite}
        clearOnDestroy
      >
        <Form.Item
          label="流程名称"
          name="name"
          rules={[{ required: true, whitespace: true, message: reviewMessages.processName }]}
        >
          <Input maxLength={PROCESS_NAME_MAX} placeholder="如：两级审核" />
        </Form.Item>
        <Form.Item label="说明" name="description">
          <Input.TextArea rows={2} maxLength={PROCESS_DESCRIPTION_MAX} showCount />
        </Form.Item>
        {mayWrite ? (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {existing ? '保存' : '保存并添加节点'}
          </Button>
        ) : null}
      </Form>
      {existing ? (
        <section aria-label="审核节点" style={{ marginTop: 24 }}>
          <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              审核节点
            </Typography.Title>
            {mayAddNode ? (
              <Button onClick={() => setNodeTarget('new')} disabled={nodes.isLoading}>
                新增节点
              </Button>
            ) : null}
          </Flex>
          <Typography.Paragraph type="secondary">
            内容提交后从第一个节点开始审核，每个节点通过后进入下一个节点，最后一个节点通过即发布；任一节点驳回则退回编辑。
            节点不指定角色和账号时，任何有该审核队列审核权限的账号都可审核。
          </Typography.Paragraph>
          <PagedTable<StateItem> list={nodes} size="small" columns={columns} pagination={false} />
          <NodeDialog
            processId={existing.id}
            target={nodeTarget}
            onClose={() => setNodeTarget(undefined)}
            onSaved={async () => {
              setNodeTarget(undefined)
              await nodesChanged()
            }}
          />
        </section>
      ) : null}
    </Drawer>
  )
}
