import {
  departmentIds,
  ROLE_DESCRIPTION_MAX,
  ROLE_NAME_MAX,
  type RoleDetail,
  roleMessages,
} from '@moc/domain/api/roles'
import { SUPER_ADMIN_ROLE_ID, TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import {
  emptySelection,
  grantFromSelection,
  type RoleConfigGroup,
  type RoleSelection,
  selectionFromGrant,
} from '@moc/domain/permissions/roleEditor'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Flex, Form, Input, TreeSelect } from 'antd'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { api } from '../../api/client.ts'
import { currentGrant } from '../../api/session.ts'
import { useFormEdits } from '../../widgets/formEdits.ts'
import { Loading } from '../../widgets/Loading.tsx'
import { useUnsavedChangesGuard } from '../../widgets/useUnsavedChangesGuard.ts'
import { PermissionEditor } from './PermissionEditor.tsx'
import { ROLE_DETAIL_KEY, ROLE_LIST_KEY } from './roleQueries.ts'
import './roles.css'

/** A department of GET /api/structure/list (组织架构). */
interface Department {
  id: number
  name: string
  parentId: number | null
  children?: Department[]
}

interface DeptNode {
  title: string
  value: number
  children?: DeptNode[]
}

const toTreeData = (list: Department[]): DeptNode[] =>
  list.map((d) => ({
    title: d.name,
    value: d.id,
    ...(d.children?.length ? { children: toTreeData(d.children) } : {}),
  }))

interface FormValues {
  name: string
  description: string
  departments: number[]
}

const NEW_ROLE: FormValues = { name: '', description: '', departments: [] }

/** A permission selection as comparable text: which actions and menus are ticked. */
const selectionKey = (s: RoleSelection) => `${[...s.actions].sort().join()}|${[...s.menus].sort().join()}`

/**
 * 角色详情 (/rolesDetail, optional id): add a role, or edit one — name, description, the permission tree
 * (power + powerMenuAttrs) and the data scope (permissionDepartment). Role 1 is shown read-only.
 */
export default function RolesDetailPage() {
  const [params] = useSearchParams()
  const idParam = params.get('id')
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : undefined
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { message } = App.useApp()
  const [form] = Form.useForm<FormValues>()
  const [selection, setSelection] = useState<RoleSelection>(emptySelection)
  // What the role was opened with, and whether the user has changed the permission tree (late data never resets it).
  const loadedSelection = useRef(selection)
  const selectionTouched = useRef(false)
  const edits = useFormEdits(form, NEW_ROLE)

  const locked = id === SUPER_ADMIN_ROLE_ID
  const mayWrite = can(currentGrant(), '系统-角色', id === undefined ? '添加' : '编辑') && !locked

  const config = useQuery({
    queryKey: ['role-config'],
    queryFn: () => api.get<RoleConfigGroup[]>('/api/role/config'),
    staleTime: Number.POSITIVE_INFINITY,
  })
  // Not kept once the screen closes: the form opens on a fresh copy, never on an older one replaced a moment later.
  const detail = useQuery({
    queryKey: [ROLE_DETAIL_KEY, id],
    queryFn: () => api.get<RoleDetail>('/api/role/detail', { id }),
    enabled: id !== undefined,
    gcTime: 0,
  })
  // Departments come from the organisation module; without them the role is saved without a scope.
  const departments = useQuery({
    queryKey: ['structure-list'],
    queryFn: () => api.get<Department[]>('/api/structure/list'),
    retry: false,
  })
  const treeData = useMemo(
    () => (Array.isArray(departments.data) ? toTreeData(departments.data) : []),
    [departments.data],
  )

  // The role's data fills what the user has not touched yet (decision 0035): an answer that comes late (read again
  // after a change elsewhere) never overwrites what is being typed or ticked.
  useEffect(() => {
    if (!detail.data) return
    edits.fill({
      name: detail.data.name,
      description: detail.data.description,
      departments: departmentIds(detail.data.permissionDepartment),
    })
    loadedSelection.current = selectionFromGrant(detail.data.power, detail.data.powerMenuAttrs)
    if (!selectionTouched.current) setSelection(loadedSelection.current)
  }, [detail.data, edits])
  const release = useUnsavedChangesGuard(
    () => edits.edited() || selectionKey(selection) !== selectionKey(loadedSelection.current),
  )

  const save = useMutation({
    mutationFn: (values: FormValues) => {
      const body = {
        name: values.name,
        description: values.description ?? '',
        ...grantFromSelection(selection),
        permissionDepartment: (values.departments ?? []).join(','),
      }
      return id === undefined ? api.post('/api/role', body) : api.post('/api/role/modify', { id, ...body })
    },
    onSuccess: async () => {
      message.success(id === undefined ? roleMessages.created : roleMessages.modified, TOAST_SUCCESS_S)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [ROLE_LIST_KEY] }),
        queryClient.invalidateQueries({ queryKey: [ROLE_DETAIL_KEY] }),
      ])
      release()
      navigate('/roles')
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })

  if (config.isPending || (id !== undefined && detail.isPending)) return <Loading />
  const loadError = config.error ?? detail.error
  if (loadError)
    return (
      <Card>
        <Alert type="error" showIcon title={loadError.message} />
      </Card>
    )

  const departmentHint = departments.isError
    ? '部门列表加载失败，可以不设数据范围直接保存'
    : '不选择则不限制部门；选中上级部门即包含其全部下级部门'

  return (
    <Card title={id === undefined ? '新增角色' : locked ? '查看角色' : '编辑角色'}>
      {locked ? (
        <Alert
          type="info"
          showIcon
          title="超级管理员拥有全部权限，不能修改或删除；可在角色列表中复制后再调整。"
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form<FormValues>
        form={form}
        name="role-detail"
        layout="vertical"
        disabled={!mayWrite}
        initialValues={NEW_ROLE}
        onFinish={(values) => save.mutate(values)}
        style={{ maxWidth: 1100 }}
      >
        <Form.Item
          label="角色名称"
          name="name"
          rules={[
            { required: true, whitespace: true, message: roleMessages.nameRequired },
            { max: ROLE_NAME_MAX, message: roleMessages.nameTooLong },
          ]}
        >
          <Input maxLength={ROLE_NAME_MAX} placeholder="请输入角色名称" autoFocus={mayWrite} />
        </Form.Item>
        <Form.Item
          label="角色描述"
          name="description"
          rules={[{ max: ROLE_DESCRIPTION_MAX, message: roleMessages.descriptionTooLong }]}
        >
          <Input.TextArea rows={2} maxLength={ROLE_DESCRIPTION_MAX} showCount placeholder="请输入角色描述" />
        </Form.Item>
        <Form.Item label="数据范围（部门）" name="departments" extra={departmentHint}>
          <TreeSelect<number[]>
            treeData={treeData}
            treeCheckable
            showCheckedStrategy={TreeSelect.SHOW_PARENT}
            treeDefaultExpandAll
            allowClear
            showSearch
            treeNodeFilterProp="title"
            placeholder="请选择部门"
            notFoundContent={departments.isPending ? '加载中...' : '暂无数据'}
            loading={departments.isPending}
            aria-label="数据范围（部门）"
          />
        </Form.Item>
        <Form.Item
          label="权限设置"
          extra="勾选页面的某个操作时，会默认勾选该页面的「菜单可见」；取消「菜单可见」后，拥有该角色的账号仍可通过链接打开页面，但侧边菜单中不显示。"
        >
          <PermissionEditor
            tree={config.data ?? []}
            value={selection}
            onChange={(next) => {
              selectionTouched.current = true
              setSelection(next)
            }}
            disabled={!mayWrite}
          />
        </Form.Item>
        <Flex gap={8}>
          {mayWrite ? (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
          ) : null}
          <Button disabled={false} onClick={() => navigate('/roles')}>
            返回
          </Button>
        </Flex>
      </Form>
    </Card>
  )
}
