import { organisationMessages as msg, type Position } from '@moc/domain/api/organisation'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Flex, Form, Input, InputNumber, Modal, Popconfirm, Table } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { api } from '../../api/client.ts'
import { currentGrant } from '../../api/session.ts'
import { queryKeys, usePositions } from './organisationQueries.ts'

interface Values {
  name: string
  sort?: number | null
}

/** 职位: the positions accounts can hold; add, rename, delete (not while someone holds it). */
export function PositionsPanel() {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const positions = usePositions()
  const [form] = Form.useForm<Values>()
  const [editing, setEditing] = useState<Position | 'new'>()
  const [saving, setSaving] = useState(false)
  const mayEdit = can(currentGrant(), '系统-账号', '编辑')

  const refresh = () => queryClient.invalidateQueries({ queryKey: [queryKeys.positions] })
  const run = async (call: () => Promise<unknown>, success: string) => {
    try {
      await call()
      message.success(success, TOAST_SUCCESS_S)
      await refresh()
      return true
    } catch (err) {
      message.error(err instanceof Error ? err.message : '网络错误', TOAST_ERROR_S)
      return false
    }
  }

  const save = async (v: Values) => {
    if (!editing) return
    const body = { name: v.name.trim(), ...(v.sort == null ? {} : { sort: v.sort }) }
    setSaving(true)
    const done = await run(
      () =>
        editing === 'new'
          ? api.post('/api/position/create', body)
          : api.post('/api/position/rename', { id: editing.id, ...body }),
      editing === 'new' ? msg.created : msg.renamed,
    )
    setSaving(false)
    if (done) setEditing(undefined)
  }

  const columns: ColumnsType<Position> = [
    { title: '职位名称', dataIndex: 'name' },
    { title: '排序', dataIndex: 'sort', width: 100 },
    { title: '账号数', dataIndex: 'accountCount', width: 100 },
    ...(mayEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 160,
            render: (_: unknown, row: Position) => (
              <Flex gap={4}>
                <Button type="link" size="small" onClick={() => setEditing(row)}>
                  编辑
                </Button>
                <Popconfirm
                  title={`确定删除职位「${row.name}」？`}
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => run(() => api.post('/api/position/delete', { id: row.id }), msg.removed)}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Flex>
            ),
          },
        ]
      : []),
  ]

  return (
    <>
      {mayEdit ? (
        <Button type="primary" onClick={() => setEditing('new')} style={{ marginBottom: 12 }}>
          新增职位
        </Button>
      ) : null}
      {positions.error ? <Alert type="error" showIcon title={positions.error.message} /> : null}
      <Table<Position>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={positions.data?.items ?? []}
        loading={positions.isFetching}
        locale={{ emptyText: '暂无数据' }}
        pagination={false}
      />
      <Modal
        title={editing === 'new' ? '新增职位' : '编辑职位'}
        open={editing !== undefined}
        onCancel={() => setEditing(undefined)}
        okText="确定"
        cancelText="取消"
        confirmLoading={saving}
        okButtonProps={{ htmlType: 'submit' }}
        destroyOnHidden
        modalRender={(dom) => (
          <Form
            form={form}
            name="position"
            layout="vertical"
            clearOnDestroy
            initialValues={editing && editing !== 'new' ? { name: editing.name, sort: editing.sort } : {}}
            onFinish={save}
          >
            {dom}
          </Form>
        )}
      >
        <Form.Item
          label="职位名称"
          name="name"
          rules={[{ required: true, whitespace: true, message: msg.positionName }]}
        >
          <Input autoFocus maxLength={50} placeholder={msg.positionName} />
        </Form.Item>
        <Form.Item label="排序" name="sort">
          <InputNumber
            min={0}
            max={100000}
            precision={0}
            style={{ width: '100%' }}
            placeholder="数字越小越靠前"
          />
        </Form.Item>
      </Modal>
    </>
  )
}
