import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can, canBatch } from '@moc/domain/permissions/can'
import {
  type FieldDef,
  permissionFor,
  type ResourceAction,
  type ResourceDef,
} from '@moc/domain/resources/types'
import { displayStatus, displayStatusLabels } from '@moc/domain/rules/displayWindow'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TableColumnsType } from 'antd'
import { Alert, App, Button, Card, DatePicker, Flex, Form, Input, Popconfirm, Select, Tabs, Tag } from 'antd'
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { api } from '../api/client.ts'
import { currentGrant } from '../api/session.ts'
import { CreatorSelect } from '../widgets/CreatorSelect.tsx'
import { ACTIONS_WIDTH, COLUMN_WIDTH, TEXT_WIDTH } from '../widgets/columnWidths.ts'
import { EllipsisText } from '../widgets/EllipsisText.tsx'
import { SearchButtons } from '../widgets/SearchButtons.tsx'
import { useColumnSettings } from '../widgets/useColumnSettings.tsx'
import { WideTable } from '../widgets/WideTable.tsx'
import type { OpenedFromList } from './afterSave.ts'
import {
  CREATED_RANGE,
  CREATOR_PARAM,
  filtersByCreator,
  likeCountApplies,
  listColumnKeys,
  offers,
  refPrefill,
  searchFields,
  viewCountApplies,
} from './derive.ts'
import { formatTime } from './displayValue.ts'
import { ExportButton } from './ExportButton.tsx'
import { CountCell, FieldCell } from './FieldCell.tsx'
import type { DrawerTarget } from './FormDrawer.tsx'
import { ImportButton } from './ImportButton.tsx'
import { PreviewDrawer } from './PreviewDrawer.tsx'
import { prefetchForm, preloadFormCode } from './prefetchForm.ts'
import { RefSelect } from './RefSelect.tsx'
import { SearchOptionsSelect } from './SearchOptionsSelect.tsx'
import { useCommands } from './useCommands.tsx'
import { listQueryKey, type ResourceRow, useResourceList } from './useResourceList.ts'
import { useRowHighlight } from './useRowHighlight.ts'
import { useSortRows } from './useSortRows.tsx'
import { useStatusNames } from './useStatusNames.ts'
import { useWorkflow } from './useWorkflow.tsx'
import { VerifyStateCell } from './VerifyStateCell.tsx'
import './engine.css'

// The drawer form's code (the form engine) loads when a drawer first opens, as a form screen's does.
const FormDrawer = lazy(() => import('./FormDrawer.tsx'))

type BatchAction = 'show' | 'hide' | 'recycle' | 'restore' | 'remove'

type BatchText = Record<BatchAction, { button: string; confirm: string; done: string }>

const defaultBatchText: BatchText = {
  show: { button: '显示', confirm: '确定显示选中的{n}条内容？', done: '已显示' },
  hide: { button: '隐藏', confirm: '确定隐藏选中的{n}条内容？', done: '已隐藏' },
  recycle: { button: '移到回收站', confirm: '确定将选中的{n}条内容移到回收站？', done: '已移到回收站' },
  restore: { button: '恢复', confirm: '确定恢复选中的{n}条内容？', done: '已恢复' },
  remove: { button: '彻底删除', confirm: '确定彻底删除选中的{n}条内容？删除后不可恢复', done: '已彻底删除' },
}

/** The batch wording of a type: its own show words (上线/下线) where it has them. */
function batchTextOf(def: ResourceDef): BatchText {
  const w = def.showWords
  if (!w) return defaultBatchText
  return {
    ...defaultBatchText,
    show: { button: w.show, confirm: `确定${w.show}选中的{n}条内容？`, done: `已${w.show}` },
    hide: { button: w.hide, confirm: `确定${w.hide}选中的{n}条内容？`, done: `已${w.hide}` },
  }
}

const isHidden = (showState: unknown) => showState === false || showState === 0

/** A time never wraps or shrinks (decision 0036: 审核时间 read "2(" at 1440 px). */
const timeColumn = { width: COLUMN_WIDTH.time, className: 'moc-nowrap' } as const

/**
 * The list page of a resource, drawn from its definition (DESIGN.md §4). `embedded`: a panel inside another screen
 * (弹幕模板 in 弹幕管理), keeping its state to itself instead of the screen's URL.
 */
export function ResourceList({
  def,
  embedded = false,
  rowExtras,
}: {
  def: ResourceDef
  embedded?: boolean
  /** A page's own buttons for a row, after the engine's (a withdrawal's 流水). */
  rowExtras?: (row: ResourceRow) => ReactNode[]
}) {
  const navigate = useNavigate()
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const model = useResourceList(def, embedded)
  const { paths, tab, selected } = model
  const [preview, setPreview] = useState<ResourceRow>()
  const grant = currentGrant()
  const supports = (a: ResourceAction) => offers(def, a)
  const may = (a: ResourceAction) => can(grant, def.permissionPage, permissionFor(def, a))
  const mayBatch = (a: ResourceAction) => canBatch(grant, def.permissionPage, permissionFor(def, a))
  const inRecycle = tab?.recycle === true
  // A record type's delete moves live rows into its bin with 删除 alone (decision 0037).
  const mayMove = (a: 'recycle' | 'remove', check: typeof may) =>
    paths.kind || a === 'remove' ? check(a) : check('remove')
  const rows = model.tableProps.dataSource ?? []
  const highlight = useRowHighlight(rows)
  const workflow = useWorkflow(def, { onDone: model.clearSelection })
  const commands = useCommands(def, { onDone: model.clearSelection })
  const sortable = !inRecycle && supports('sort') && may('sort')
  const sorting = useSortRows(def, rows, sortable)
  // A type without a detail screen edits in a drawer over its list.
  const [drawer, setDrawer] = useState<DrawerTarget>()
  const formScreen = (id?: number) =>
    id === undefined ? (def.screens.create ?? def.screens.detail) : (def.screens.edit ?? def.screens.detail)
  const statusNames = useStatusNames()
  const batchText = batchTextOf(def)
  const showWords = def.showWords ?? { show: '显示', hide: '隐藏' }

  const run = useMutation({
    mutationFn: ({ action, ids }: { action: BatchAction; ids: number[] }) => {
      if (action === 'show' || action === 'hide')
        return api.post(paths.showState, paths.withKind({ ids, showState: action === 'show' }))
      if (action === 'restore') return api.post(paths.restore, paths.withKind({ ids }))
      return api.post(action === 'recycle' ? paths.recycle : paths.remove, { ids })
    },
    onSuccess: (_, { action }) => {
      message.success(batchText[action].done, TOAST_SUCCESS_S)
      model.clearSelection()
      return queryClient.invalidateQueries({ queryKey: listQueryKey(def) })
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })
  const busy = (action: BatchAction, id?: number) =>
    run.isPending && run.variables?.action === action && (id === undefined || run.variables.ids.includes(id))

  const batchActions: BatchAction[] = inRecycle
    ? (['restore', 'remove'] as const).filter((a) => (a === 'remove' || supports(a)) && mayBatch(a))
    : (['show', 'hide', supports('recycle') ? 'recycle' : 'remove'] as const).filter(
        (a) => supports(a) && (a === 'recycle' ? mayMove(a, mayBatch) : mayBatch(a)),
      )

  const confirmBatch = (action: BatchAction) =>
    modal.confirm({
      title: '提示',
      content: batchText[action].confirm.replace('{n}', String(selected.length)),
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: action === 'remove' },
      onOk: () => run.mutateAsync({ action, ids: selected }).catch(() => undefined),
    })

  const rowAction = (row: ResourceRow, action: BatchAction, danger = false) => (
    <Popconfirm
      key={action}
      title={batchText[action].confirm.replace('选中的{n}条内容', `「${row.title ?? row.id}」`)}
      okText="确定"
      cancelText="取消"
      onConfirm={() => run.mutateAsync({ action, ids: [row.id] }).catch(() => undefined)}
    >
      <Button type="link" size="small" danger={danger} loading={busy(action, row.id)}>
        {batchText[action].button}
      </Button>
    </Popconfirm>
  )

  // The form's code once the list is idle (a list is mostly left through its 编辑): the click then finds it loaded and
  // draws the form at once. Without requestIdleCallback (Safari), a little later.
  const opensForms = may('update') || may('detail') || may('create')
  useEffect(() => {
    if (!opensForms) return
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(() => preloadFormCode(def), 500)
      return () => clearTimeout(timer)
    }
    const idle = requestIdleCallback(() => preloadFormCode(def))
    return () => cancelIdleCallback(idle)
  }, [def, opensForms])

  // The form's chunks and data are asked for with the click, not after the next screen has drawn. Once its chunk
  // is here the screen is drawn in one synchronous render: a navigation in a transition is drawn in 5 ms slices with
  // frames of the list in between.
  const openForm = (path: string | undefined, id?: number) => {
    if (path === undefined) {
      // The drawer reads the item afresh too, and its code comes with the form's.
      prefetchForm(queryClient, def, def.screens.list, id).catch(() => undefined)
      setDrawer(id === undefined ? { initial: refPrefill(def, model.state.filters) } : { id })
      return
    }
    const url = model.urlOf(path, id)
    // The list's own query goes along: saving returns to it, on the tab that holds the item (afterSave.ts); a new
    // item starts under the parent the list is filtered by.
    const state: OpenedFromList = {
      listSearch: window.location.search,
      ...(id === undefined ? { prefill: refPrefill(def, model.state.filters) } : {}),
    }
    prefetchForm(queryClient, def, path, id).then(
      () => navigate(url, { flushSync: true, state }),
      () => navigate(url, { state }),
    )
  }

  const rowActions = (row: ResourceRow) => {
    const buttons: ReactNode[] = []
    if (inRecycle) {
      if (supports('restore') && may('restore')) buttons.push(rowAction(row, 'restore'))
      if (may('remove')) buttons.push(rowAction(row, 'remove', true))
      return buttons
    }
    if (def.screens.edit && may('detail'))
      buttons.push(
        <Button key="view" type="link" size="small" onClick={() => openForm(def.screens.detail, row.id)}>
          查看
        </Button>,
      )
    if ((supports('update') && may('update')) || (!def.screens.edit && may('detail')))
      buttons.push(
        <Button key="edit" type="link" size="small" onClick={() => openForm(formScreen(row.id), row.id)}>
          {supports('update') && may('update') ? '编辑' : '查看'}
        </Button>,
      )
    if (def.screens.comments && may('comment'))
      buttons.push(
        <Button
          key="comments"
          type="link"
          size="small"
          onClick={() => navigate(model.urlOf(def.screens.comments!, row.id))}
        >
          评论
        </Button>,
      )
    if (row.previewUrl)
      buttons.push(
        <Button key="preview" type="link" size="small" onClick={() => setPreview(row)}>
          预览
        </Button>,
      )
    const shown = !isHidden(row.showState)
    buttons.push(...workflow.rowButtons(row), ...commands.rowButtons(row))
    if (supports(shown ? 'hide' : 'show') && may(shown ? 'hide' : 'show'))
      buttons.push(rowAction(row, shown ? 'hide' : 'show'))
    if (supports('recycle') ? mayMove('recycle', may) : supports('remove') && may('remove'))
      buttons.push(rowAction(row, supports('recycle') ? 'recycle' : 'remove', true))
    if (sortable) buttons.push(sorting.buttons(row))
    if (rowExtras) buttons.push(...rowExtras(row))
    return buttons
  }

  const engineColumns: Record<string, TableColumnsType<ResourceRow>[number]> = {
    verifyState: {
      title: '审核状态',
      dataIndex: 'verifyState',
      render: (v: unknown, row) => (
        <VerifyStateCell names={statusNames} verifyState={v} rejectReason={row.rejectReason} />
      ),
    },
    displayStatus: {
      title: '展示状态',
      render: (_: unknown, row) => {
        const s =
          displayStatusLabels[
            displayStatus({ start: row.displayStart, end: row.displayEnd, flag: row.displayFlag })
          ]
        return <Tag color={s.color}>{s.text}</Tag>
      },
    },
    showState: {
      title: `${showWords.show}状态`,
      dataIndex: 'showState',
      render: (v: unknown) =>
        isHidden(v) ? <Tag>{showWords.hide}</Tag> : <Tag color="blue">{showWords.show}</Tag>,
    },
    viewNum: {
      title: '阅读数',
      dataIndex: 'viewNum',
      render: (v: unknown, row) => (
        <CountCell applies={viewCountApplies(def)} real={v} operated={row.operateViewNum} />
      ),
    },
    likeNum: {
      title: '点赞数',
      dataIndex: 'likeNum',
      render: (v: unknown, row) => (
        <CountCell applies={likeCountApplies(def)} real={v} operated={row.operateLikeNum} />
      ),
    },
    creatorName: {
      title: '创建人',
      dataIndex: 'creatorName',
      render: (v: string | null) => <EllipsisText text={v} maxWidth={TEXT_WIDTH.person} />,
    },
    createdAt: { title: '创建时间', dataIndex: 'createdAt', ...timeColumn, render: formatTime },
  }

  const columns: TableColumnsType<ResourceRow> = listColumnKeys(def).map((key) => {
    const f = def.fields[key]
    // State columns are the engine's even where the definition lets the form edit them (showState).
    const engine = engineColumns[key]
    if (engine || !f) return { key, ...engine }
    if (key === 'title')
      return {
        key,
        title: f.label,
        dataIndex: key,
        render: (v: unknown) => <EllipsisText text={v ? String(v) : ''} maxWidth={TEXT_WIDTH.title} />,
      }
    return {
      key,
      title: f.label,
      dataIndex: key,
      ...(f.kind === 'datetime' ? timeColumn : {}),
      render: (v: unknown, row: ResourceRow) => (
        <FieldCell
          def={def}
          name={key}
          value={v}
          refName={(row.refs as Record<string, string> | undefined)?.[key]}
          refTo={(row.refTo as Record<string, string> | undefined)?.[key]}
        />
      ),
    }
  })
  columns.push({
    key: 'actions',
    title: '操作',
    fixed: 'right',
    render: (_: unknown, row) => (
      <Flex gap={4} wrap style={{ maxWidth: ACTIONS_WIDTH }}>
        {rowActions(row)}
      </Flex>
    ),
  })
  const table = useColumnSettings(columns)

  const selectedRows = rows.filter((r) => selected.includes(r.id))

  return (
    <Card>
      <Tabs
        activeKey={model.state.type}
        onChange={model.setType}
        items={model.tabs.map((t) => ({
          key: t.key,
          label: t.count === undefined ? t.label : `${t.label} (${t.count})`,
        }))}
      />
      <Flex justify="space-between" align="start" wrap gap={8}>
        <Form {...model.searchFormProps}>
          {searchFields(def).map(([name, f]) => (
            <Form.Item key={name} label={f.label} name={name}>
              {f.searchFrom ? (
                <SearchOptionsSelect url={f.searchFrom} kind={paths.kind} label={f.label} />
              ) : f.ref ? (
                // One id: a tags field searches for the rows holding that tag.
                <RefSelect
                  field={{ ...f, kind: 'number' } as FieldDef & { ref: { resource: string } }}
                  fieldName={name}
                />
              ) : f.kind === 'select' || f.kind === 'multiSelect' ? (
                <Select
                  allowClear
                  style={{ width: 160 }}
                  placeholder={`全部${f.label}`}
                  options={Object.entries(f.options ?? {}).map(([value, label]) => ({ value, label }))}
                  notFoundContent="暂无数据"
                />
              ) : (
                <Input allowClear maxLength={f.max ?? 100} placeholder={`请输入${f.label}`} />
              )}
            </Form.Item>
          ))}
          {def.list.createdRange ? (
            <Form.Item label={def.list.createdRange} name={CREATED_RANGE}>
              <DatePicker.RangePicker allowClear />
            </Form.Item>
          ) : null}
          {filtersByCreator(def) ? (
            <Form.Item label="创建人" name={CREATOR_PARAM}>
              <CreatorSelect />
            </Form.Item>
          ) : null}
          <SearchButtons onReset={model.resetFilters} />
        </Form>
        <Flex gap={8}>
          {!inRecycle && supports('create') && may('create') ? (
            <Button type="primary" onClick={() => openForm(formScreen())}>
              新增{def.label}
            </Button>
          ) : null}
          {inRecycle ? null : commands.toolbarButtons()}
          {!inRecycle && supports('import') && may('import') ? <ImportButton def={def} /> : null}
          {!inRecycle && supports('export') && may('export') ? (
            <ExportButton def={def} state={model.state} />
          ) : null}
          {!inRecycle && may('create')
            ? def.list.createFrom?.map((c) => (
                <Button key={c.path} onClick={() => navigate(c.path)}>
                  {c.label}
                </Button>
              ))
            : null}
          {table.button}
        </Flex>
      </Flex>
      {batchActions.length > 0 || (!inRecycle && (workflow.allowed.length > 0 || commands.hasBatch)) ? (
        <Flex gap={8} align="center" wrap style={{ marginTop: 16 }}>
          {batchActions.map((a) => (
            <Button
              key={a}
              danger={a === 'remove' || a === 'recycle'}
              disabled={selected.length === 0}
              loading={busy(a) && run.variables?.ids === selected}
              onClick={() => confirmBatch(a)}
            >
              批量{batchText[a].button}
            </Button>
          ))}
          {inRecycle ? null : workflow.batchButtons(selectedRows)}
          {inRecycle ? null : commands.batchButtons(selectedRows)}
          {selected.length > 0 ? <span>已选 {selected.length} 条</span> : null}
        </Flex>
      ) : null}
      {model.list.error ? (
        <Alert type="error" showIcon title={model.list.error.message} style={{ marginTop: 16 }} />
      ) : null}
      <WideTable<ResourceRow>
        style={{ marginTop: 16 }}
        {...model.tableProps}
        rowClassName={highlight}
        onRow={sorting.onRow}
        columns={table.columns}
        size={table.size}
      />
      <PreviewDrawer
        title={preview?.title}
        url={preview?.previewUrl ?? undefined}
        onClose={() => setPreview(undefined)}
      />
      {commands.dialog}
      {drawer ? (
        <Suspense fallback={null}>
          <FormDrawer def={def} target={drawer} onClose={() => setDrawer(undefined)} inPlace={embedded} />
        </Suspense>
      ) : null}
    </Card>
  )
}
