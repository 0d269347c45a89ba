import {
  reviewStatusGroupLabels,
  reviewStatusMessages,
  STATUS_NAME_MAX,
  type StatusItem,
  statusNameSchema,
} from '@moc/domain/api/reviewStatus'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { App, Button, Flex, Form, Input, Modal, Popconfirm, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { api } from '../../../api/client.ts'
import { currentGrant } from '../../../api/session.ts'
import { STATUS_NAMES_KEY, useStatusList } from '../../../engine/useStatusNames.ts'
import { PagedTable } from '../../../widgets/PagedTable.tsx'
import { PAGE } from './processQueries.ts'

/**
 * 审核状态: the names every list, form and review screen shows for the review states (spec §7 content state
 * list). Rename one, or restore its default name.
 */
export function AuditStatusTab() {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const mayEdit = can(currentGrant(), PAGE, '编辑')
  const list = useStatusList()
  const [renaming, setRenaming] = useState<StatusItem>()
  const [form] = Form.useForm<{ name: string }>()

  const rename = useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api.post('/api/content/state/update', { id, name }),
    onSuccess: () => {
      message.success('保存成功', TOAST_SUCCESS_S)
      setRenaming(undefined)
      return queryClient.invalidateQueries({ queryKey: STATUS_NAMES_KEY })
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })

  const columns: ColumnsType<StatusItem> = [
    {
      title: '分类',
      dataIndex: 'group',
      width: 110,
      render: (g: StatusItem['group']) => reviewStatusGroupLabels[g],
    },
    { title: '状态值', dataIndex: 'code', width: 110 },
    { title: '默认名称', dataIndex: 'defaultName' },
    {
      title: '显示名称',
      dataIndex: 'name',
      render: (v: string, row) => (v === row.defaultName ? v : <Typography.Text strong>{v}</Typography.Text>),
    },
    ...(mayEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 170,
            render: (_: unknown, row: StatusItem) => (
              <Flex gap={4}>
                <Button type="link" size="small" onClick={() => setRenaming(row)}>
                  重命名
                </Button>
                {row.name !== row.defaultName ? (
                  <Popconfirm
                    title={`确定将「${row.name}」恢复为「${row.defaultName}」？`}
                    okText="确定"
                    cancelText="取消"
                    onConfirm={() =>
                      rename.mutateAsync({ id: row.id, name: row.defaultName }).catch(() => undefined)
                    }
                  >
                    <Button type="link" size="small">
                      恢复默认
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
    <>
      <Typography.Paragraph type="secondary">
        审核状态是内容的审核结果（草稿、已通过、已驳回、待审核），流程状态是内容在审核流程中的进度；这里的名称用于内容列表、编辑页和审核页。
      </Typography.Paragraph>
      <PagedTable<StatusItem> list={list} columns={columns} pagination={false} />
      <Modal
        title={renaming ? `重命名：${renaming.name}` : ''}
        open={renaming !== undefined}
        onCancel={() => setRenaming(undefined)}
        okText="确定"
        cancelText="取消"
        confirmLoading={rename.isPending}
        okButtonProps={{ htmlType: 'submit' }}
        destroyOnHidden
        modalRender={(dom) => (
          <Form
            form={form}
            name="status-name"
            layout="vertical"
            clearOnDestroy
            initialValues={{ name: renaming?.name }}
            onFinish={({ name }) => renaming && rename.mutate({ id: renaming.id, name: name.trim() })}
          >
            {dom}
          </Form>
        )}
      >
        <Form.Item
          label="显示名称"
          name="name"
          rules={[
            {
              validator: (_, v: unknown) => {
                const checked = statusNameSchema.safeParse(v ?? '')
                return checked.success
                  ? Promise.resolve()
                  : Promise.reject(
                      new Error(checked.error.issues[0]?.message ?? reviewStatusMessages.nameRequired),
                    )
              },
            },
          ]}
        >
          <Input maxLength={STATUS_NAME_MAX} placeholder={renaming?.defaultName} />
        </Form.Item>
      </Modal>
    </>
  )
}
