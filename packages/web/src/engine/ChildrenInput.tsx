import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import type { FieldDef } from '@moc/domain/resources/types'
import type { TableColumnsType } from 'antd'
import { Button, Flex, Form, Popconfirm, Table } from 'antd'
import type { ReactNode } from 'react'
import { MoveButtons } from '../widgets/MoveButtons.tsx'
import { type ChildRow, childRowErrors, ROW_KEY } from './derive.ts'
import { childRowValues } from './formValues.ts'

/** Rows of a child collection without a `max` of their own (the domain schema's default). */
const CHILDREN_MAX = 100

/** A cell's width by its field's kind, so a row fits a drawer's form. */
const CELL_WIDTH: Partial<Record<FieldDef['kind'], number>> = {
  select: 140,
  number: 120,
  switch: 64,
  datetime: 200,
}

/** A row's delete button: a row added in the form goes at once, a saved one asks first (its Popconfirm clicks). */
const deleteButton = (i: number, onClick?: () => void) => (
  <Button
    size="small"
    type="text"
    danger
    icon={<DeleteOutlined />}
    aria-label={`删除第${i + 1}行`}
    onClick={onClick}
  />
)

interface CellProps {
  field: FieldDef
  value: unknown
  onChange: (v: unknown) => void
  readOnly: boolean
  ariaLabel: string
}

/**
 * A `children` field (ChildrenDef): the parent's owned rows as an editable table inside its form — 添加 a row (the
 * child fields' defaults), move a row up or down, delete it (a saved row asks first), each cell the child field's own
 * control. Once the form has checked the field, the rows its schema refuses (a bad cell, an overlap) are marked; the
 * message itself shows under the table, as the Form.Item's error.
 */
export function ChildrenInput({
  id,
  value,
  onChange,
  field,
  disabled,
  cell,
}: {
  id?: string
  value?: ChildRow[]
  onChange?: (rows: ChildRow[]) => void
  field: FieldDef
  disabled: boolean
  /** The control of one cell (FieldInput, passed in to keep the two files apart). */
  cell: (props: CellProps) => ReactNode
}) {
  const rows = value ?? []
  const children = field.children
  const max = children?.max ?? CHILDREN_MAX
  const { status } = Form.Item.useStatus()
  const errors = status === 'error' ? childRowErrors(field, rows) : new Map<number, string>()
  const set = (next: ChildRow[]) => onChange?.(next)
  const update = (i: number, name: string, v: unknown) =>
    set(rows.map((r, k) => (k === i ? { ...r, [name]: v } : r)))
  const move = (from: number, to: number) => {
    const next = [...rows]
    const [row] = next.splice(from, 1)
    next.splice(to, 0, row!)
    set(next)
  }
  const remove = (i: number) => set(rows.filter((_, k) => k !== i))

  const columns: TableColumnsType<ChildRow> = [
    { key: 'no', title: '序号', width: 56, render: (_, __, i) => i + 1 },
    ...Object.entries(children?.fields ?? {}).map(([name, f]) => ({
      key: name,
      width: CELL_WIDTH[f.kind] ?? 180,
      title: f.required ? <span className="moc-children__required">{f.label}</span> : f.label,
      render: (_: unknown, row: ChildRow, i: number) =>
        cell({
          field: f,
          value: row[name],
          onChange: (v) => update(i, name, v),
          readOnly: disabled,
          ariaLabel: `第${i + 1}行${f.label}`,
        }),
    })),
  ]
  if (!disabled)
    columns.push({
      key: 'actions',
      title: '操作',
      width: 112,
      render: (_, row, i) => (
        <Flex gap={4}>
          <MoveButtons name={`第${i + 1}行`} index={i} count={rows.length} onMove={move} />
          {row.id === undefined ? (
            deleteButton(i, () => remove(i))
          ) : (
            <Popconfirm
              title={`确定删除第${i + 1}行？保存后生效`}
              okText="确定"
              cancelText="取消"
              onConfirm={() => remove(i)}
            >
              {deleteButton(i)}
            </Popconfirm>
          )}
        </Flex>
      ),
    })

  return (
    <fieldset id={id} className="moc-children" aria-label={field.label}>
      <Table<ChildRow>
        size="small"
        rowKey={(r) => r[ROW_KEY] ?? String(r.id)}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无数据' }}
        rowClassName={(_, i) => (errors.has(i) ? 'moc-children__row--error' : '')}
      />
      {disabled ? null : (
        <Flex gap={8} align="center" className="moc-children__footer">
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={rows.length >= max}
            onClick={() => set([...rows, childRowValues(field, undefined)])}
          >
            添加{field.label}
          </Button>
          <span className="moc-children__count">
            {rows.length} / {max} 条
          </span>
        </Flex>
      )}
    </fieldset>
  )
}
