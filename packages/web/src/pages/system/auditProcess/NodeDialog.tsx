import { PROCESS_NAME_MAX, reviewMessages, type StateItem } from '@moc/domain/api/review'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { useMutation } from '@tanstack/react-query'
import { App, Form, Input, Modal, Select } from 'antd'
import { api } from '../../../api/client.ts'
import { useRoleOptions } from '../organisationQueries.ts'
import { accountLabel } from './processNodes.ts'
import { useAccountOptions } from './processQueries.ts'

interface Values {
  name: string
  roleIds: number[]
  adminIds: number[]
}

interface Props {
  processId: number
  target: StateItem | 'new' | undefined
  onClose: () => void
  onSaved: () => unknown
}

/**
 * 新增 / 编辑审核节点: its name and who may act there — roles (GET /api/role/list) and accounts (the caller's
 * data scope, GET /api/admin/listByStructureIds). Naming neither leaves it to every holder of the queue's 审核.
 */
export function NodeDialog({ processId, target, onClose, onSaved }: Props) {
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const open = target !== undefined
  const node = typeof target === 'object' ? target : undefined
  const roles = useRoleOptions()
  const accounts = useAccountOptions(open)

  // The node's current members stay selectable even when outside the look-ups (another scope, page 2).
  const roleOptions = new Map((node?.roles ?? []).map((r) => [r.id, r.name]))
  for (const r of roles.data?.items ?? []) roleOptions.set(r.id, r.name)
  const accountOptions = new Map((node?.admins ?? []).map((a) => [a.id, a.name]))
  for (const a of accounts.data?.items ?? []) accountOptions.set(a.id, accountLabel(a))

  const save = useMutation({
    mutationFn: (v: Values) => {
      const members = { name: v.name.trim(), roleIds: v.roleIds ?? [], adminIds: v.adminIds ?? [] }
      return node
        ? api.post('/api/process/state/update', { id: node.id, sort: node.sort, ...members })
        : api.post('/api/process/state/create', { processId, ...members })
    },
    onSuccess: () => {
      message.success(node ? '保存成功' : '新增节点成功', TOAST_SUCCESS_S)
      return onSaved()
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })

  return (
    <Modal
      title={node ? `编辑节点：${node.name}` : '新增节点'}
      open={open}
      onCancel={onClose}
      okText="确定"
      cancelText="取消"
      confirmLoading={save.isPending}
      okButtonProps={{ htmlType: 'submit' }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form
          form={form}
          name="process-node"
          layout="vertical"
          clearOnDestroy
          initialValues={
            node
              ? { name: node.name, roleIds: node.roleIds, adminIds: node.adminIds }
              : { roleIds: [], adminIds: [] }
          }
          onFinish={(v) => save.mutate(v)}
        >
          {dom}
        </Form>
      )}
    >
      <Form.Item
        label="节点名称"
        name="name"
        rules={[{ required: true, whitespace: true, message: reviewMessages.stateName }]}
      >
        <Input maxLength={PROCESS_NAME_MAX} placeholder="如：初审" />
      </Form.Item>
      <Form.Item label="可审核角色" name="roleIds" extra={roles.error ? roles.error.message : undefined}>
        <Select
          mode="multiple"
          allowClear
          placeholder="请选择角色"
          loading={roles.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={[...roleOptions].map(([value, label]) => ({ value, label }))}
          notFoundContent={roles.isLoading ? '加载中...' : '暂无数据'}
        />
      </Form.Item>
      <Form.Item
        label="可审核账号"
        name="adminIds"
        extra={
          accounts.error
            ? accounts.error.message
            : '角色和账号都不选时，任何有该审核队列审核权限的账号都可审核'
        }
      >
        <Select
          mode="multiple"
          allowClear
          placeholder="请选择账号"
          loading={accounts.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={[...accountOptions].map(([value, label]) => ({ value, label }))}
          notFoundContent={accounts.isLoading ? '加载中...' : '暂无数据'}
        />
      </Form.Item>
    </Modal>
  )
}
