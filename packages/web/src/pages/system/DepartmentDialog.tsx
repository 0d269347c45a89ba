import { type DepartmentNode, organisationMessages as msg } from '@moc/domain/api/organisation'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { App, Form, Input, Modal, TreeSelect } from 'antd'
import { useState } from 'react'
import { api } from '../../api/client.ts'
import { departmentOptions } from './organisationQueries.ts'

export type DepartmentDialogMode =
  | { kind: 'create'; parent: DepartmentNode | null }
  | { kind: 'rename'; department: DepartmentNode }
  | { kind: 'move'; department: DepartmentNode }

/** The top level in the move dialog's parent picker. */
const TOP = 0

interface Props {
  mode: DepartmentDialogMode | undefined
  tree: readonly DepartmentNode[]
  /** Departments that cannot be the new parent (the moved one and its sub-departments). */
  excluded: ReadonlySet<number> | undefined
  onClose: () => void
  /** After a save; gets the new department's id when one was created. */
  onSaved: (createdId?: number) => unknown
}

const titles = { create: '新增部门', rename: '重命名部门', move: '移动部门' } as const

/** Add a (sub-)department, rename one, or move one under another parent. Enter in the field saves. */
export function DepartmentDialog({ mode, tree, excluded, onClose, onSaved }: Props) {
  const { message } = App.useApp()
  const [form] = Form.useForm<{ name: string; parentId: number }>()
  const [saving, setSaving] = useState(false)

  const save = async (v: { name: string; parentId: number }) => {
    if (!mode) return
    setSaving(true)
    try {
      let createdId: number | undefined
      if (mode.kind === 'create') {
        const r = await api.post<{ id: number }>('/api/structure/create', {
          name: v.name.trim(),
          parentId: mode.parent?.id ?? null,
        })
        createdId = r.id
      } else if (mode.kind === 'rename')
        await api.post('/api/structure/rename', { id: mode.department.id, name: v.name.trim() })
      else
        await api.post('/api/structure/move', {
          id: mode.department.id,
          parentId: v.parentId === TOP ? null : v.parentId,
        })
      message.success(
        mode.kind === 'create' ? msg.created : mode.kind === 'move' ? msg.moved : msg.renamed,
        TOAST_SUCCESS_S,
      )
      await onSaved(createdId)
    } catch (err) {
      message.error(err instanceof Error ? err.message : '网络错误', TOAST_ERROR_S)
    } finally {
      setSaving(false)
    }
  }

  const title = mode
    ? mode.kind === 'create' && mode.parent
      ? `新增「${mode.parent.name}」的下级部门`
      : mode.kind === 'create'
        ? titles.create
        : `${titles[mode.kind]}：${mode.department.name}`
    : ''

  return (
    <Modal
      title={title}
      open={mode !== undefined}
      onCancel={onClose}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ htmlType: 'submit' }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form
          form={form}
          name="department"
          layout="vertical"
          clearOnDestroy
          initialValues={
            mode?.kind === 'rename'
              ? { name: mode.department.name }
              : mode?.kind === 'move'
                ? { parentId: mode.department.parentId ?? TOP }
                : {}
          }
          onFinish={save}
        >
          {dom}
        </Form>
      )}
    >
      {mode?.kind === 'move' ? (
        <Form.Item label="移动到" name="parentId" rules={[{ required: true, message: '请选择上级部门' }]}>
          <TreeSelect
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll
            treeData={[
              {
                value: TOP,
                key: TOP,
                title: '（顶级部门）',
                children: departmentOptions(tree, excluded),
              },
            ]}
            notFoundContent="暂无数据"
          />
        </Form.Item>
      ) : (
        <Form.Item
          label="部门名称"
          name="name"
          rules={[{ required: true, whitespace: true, message: msg.departmentName }]}
        >
          <Input autoFocus maxLength={50} placeholder={msg.departmentName} />
        </Form.Item>
      )}
    </Modal>
  )
}
