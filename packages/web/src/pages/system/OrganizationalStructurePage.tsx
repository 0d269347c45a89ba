import { ACCOUNT_STATE, type AccountItem } from '@moc/domain/api/accounts'
import { type DepartmentNode, flattenTree, subtreeIds } from '@moc/domain/api/organisation'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Col, Empty, Flex, Popconfirm, Row, Tabs, Tag, Tree } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { api } from '../../api/client.ts'
import { currentGrant } from '../../api/session.ts'
import { Loading } from '../../widgets/Loading.tsx'
import { PagedTable } from '../../widgets/PagedTable.tsx'
import { usePagedQuery } from '../../widgets/usePagedQuery.ts'
import { DepartmentDialog, type DepartmentDialogMode } from './DepartmentDialog.tsx'
import { queryKeys, useDepartmentTree } from './organisationQueries.ts'
import { PositionsPanel } from './PositionsPanel.tsx'

const PAGE = '系统-账号'

interface TreeItem {
  key: number
  title: string
  'aria-level': number
  children: TreeItem[]
}
/** Tree data with each node's depth as aria-level, so assistive technology reads the nesting. */
const treeItems = (nodes: readonly DepartmentNode[], level = 1): TreeItem[] =>
  nodes.map((n) => ({
    key: n.id,
    title: n.name,
    'aria-level': level,
    children: treeItems(n.children, level + 1),
  }))

/** 组织架构: the department tree (add, rename, move, delete), each department's accounts, and positions. */
export default function OrganizationalStructurePage() {
  return (
    <Card>
      <Tabs
        items={[
          { key: 'departments', label: '部门', children: <DepartmentsPanel /> },
          { key: 'positions', label: '职位', children: <PositionsPanel /> },
        ]}
      />
    </Card>
  )
}

function DepartmentsPanel() {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const tree = useDepartmentTree()
  const [selectedId, setSelectedId] = useState<number>()
  const [dialog, setDialog] = useState<DepartmentDialogMode>()
  const mayEdit = can(currentGrant(), PAGE, '编辑')
  const mayViewAccounts = can(currentGrant(), PAGE, '查看')

  const nodes = tree.data ?? []
  const selected = flattenTree(nodes).find((d) => d.id === selectedId)

  // Popconfirm shows its 确定 as loading while this runs.
  const remove = async (d: DepartmentNode) => {
    try {
      await api.post('/api/structure/delete', { id: d.id })
      message.success('删除成功', TOAST_SUCCESS_S)
      setSelectedId(undefined)
      await queryClient.invalidateQueries({ queryKey: [queryKeys.tree] })
    } catch (err) {
      message.error(err instanceof Error ? err.message : '网络错误', TOAST_ERROR_S)
    }
  }

  if (tree.isLoading) return <Loading />

  return (
    <Row gutter={16}>
      <Col xs={24} lg={9}>
        <Card size="small" title="部门">
          {mayEdit ? (
            <Flex gap={8} wrap style={{ marginBottom: 12 }}>
              <Button size="small" type="primary" onClick={() => setDialog({ kind: 'create', parent: null })}>
                新增部门
              </Button>
              <Button
                size="small"
                disabled={!selected}
                onClick={() => selected && setDialog({ kind: 'create', parent: selected })}
              >
                新增下级部门
              </Button>
              <Button
                size="small"
                disabled={!selected}
                onClick={() => selected && setDialog({ kind: 'rename', department: selected })}
              >
                重命名
              </Button>
              <Button
                size="small"
                disabled={!selected}
                onClick={() => selected && setDialog({ kind: 'move', department: selected })}
              >
                移动
              </Button>
              <Popconfirm
                title={`确定删除部门「${selected?.name ?? ''}」？`}
                okText="确定"
                cancelText="取消"
                disabled={!selected}
                onConfirm={() => selected && remove(selected)}
              >
                <Button size="small" danger disabled={!selected}>
                  删除
                </Button>
              </Popconfirm>
            </Flex>
          ) : null}
          {tree.error ? <Alert type="error" showIcon title={tree.error.message} /> : null}
          {nodes.length ? (
            <Tree<TreeItem>
              aria-label="部门树"
              blockNode
              defaultExpandAll
              // A new or moved department must show at once: a changed structure draws the tree afresh, expanded.
              key={flattenTree(nodes)
                .map((d) => `${d.id}:${d.parentId}`)
                .join()}
              treeData={treeItems(nodes)}
              selectedKeys={selectedId === undefined ? [] : [selectedId]}
              onSelect={(keys) => setSelectedId(keys.length ? Number(keys[0]) : undefined)}
            />
          ) : tree.error ? null : (
            <Empty description="暂无数据" />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card size="small" title={selected ? `${selected.name}（含下级部门）的账号` : '部门账号'}>
          {!selected ? (
            <Empty description="请在左侧选择部门" />
          ) : mayViewAccounts ? (
            <DepartmentAccounts key={selected.id} departmentId={selected.id} />
          ) : (
            <Empty description="没有查看账号的权限" />
          )}
        </Card>
      </Col>
      <DepartmentDialog
        mode={dialog}
        tree={nodes}
        excluded={dialog?.kind === 'move' ? new Set(subtreeIds(nodes, dialog.department.id)) : undefined}
        onClose={() => setDialog(undefined)}
        onSaved={(id) => {
          if (id !== undefined) setSelectedId(id)
          setDialog(undefined)
          return queryClient.invalidateQueries({ queryKey: [queryKeys.tree] })
        }}
      />
    </Row>
  )
}

const accountColumns: ColumnsType<AccountItem> = [
  { title: '用户名', dataIndex: 'username' },
  { title: '姓名', dataIndex: 'realName', render: (v: string) => v || '--' },
  { title: '部门', dataIndex: 'departmentName', render: (v: string | null) => v ?? '--' },
  { title: '职位', dataIndex: 'positionName', render: (v: string | null) => v ?? '--' },
  {
    title: '部门负责人',
    dataIndex: 'isDirector',
    render: (v: boolean) => (v ? <Tag color="blue">负责人</Tag> : '--'),
  },
  {
    title: '状态',
    dataIndex: 'state',
    render: (v: number) =>
      v === ACCOUNT_STATE.enabled ? '启用' : v === ACCOUNT_STATE.pending ? '待审批' : '禁用',
  },
]

function DepartmentAccounts({ departmentId }: { departmentId: number }) {
  const { list, pagination } = usePagedQuery<AccountItem>(queryKeys.accounts, '/api/admin/list', {
    departmentId,
  })
  return (
    <PagedTable<AccountItem>
      list={list}
      pagination={pagination}
      columns={accountColumns}
      size="small"
      scroll={{ x: 'max-content' }}
    />
  )
}
