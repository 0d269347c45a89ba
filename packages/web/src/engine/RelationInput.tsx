import type { RelatedItem } from '@moc/domain/api/content'
import { resources } from '@moc/domain/resources/index'
import { relatedResourceName } from '@moc/domain/resources/relation'
import type { FieldDef, ResourceDef } from '@moc/domain/resources/types'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Alert, Button, Flex, Form, Input, List, Modal, Select, Table, Typography } from 'antd'
import dayjs from 'dayjs'
import { useEffect, useRef, useState } from 'react'
import { api } from '../api/client.ts'
import type { Paged } from '../widgets/usePagedQuery.ts'
import { useStatusNames } from './useStatusNames.ts'

const resourceLabel = (name: string) => (resources as Record<string, ResourceDef>)[name]?.label ?? name

/** The picker's page size: spec §3 paged select (15). */
const PICKER_PAGE_SIZE = 15
const RELATION_URL = '/api/content/relation'

/** Which relation field of which content kind: the picker's server call is guarded by that kind's 查看. */
export interface RelationOwner {
  kind: string | undefined
  field: string
}

interface Props {
  id?: string
  value?: number[]
  onChange?: (v: number[]) => void
  field: FieldDef
  owner: RelationOwner
  disabled: boolean
  /** Ids chosen elsewhere in the same item (other modules of a subject): offered as already chosen. */
  taken?: readonly number[]
}

/** Moves the element at `i` by `step` (−1 up, +1 down); out of range leaves the list as it is. */
export function moveItem<T>(list: readonly T[], i: number, step: -1 | 1): T[] {
  const j = i + step
  if (j < 0 || j >= list.length) return [...list]
  const out = [...list]
  ;[out[i], out[j]] = [out[j]!, out[i]!]
  return out
}

/** `list` with `added` appended in the order given, each id once. */
export const appendIds = (list: readonly number[], added: readonly number[]) => [
  ...list,
  ...added.filter((id, i) => !list.includes(id) && added.indexOf(id) === i),
]

/**
 * A relation field (FieldDef kind 'relation', e.g. 合集内容): the chosen items in order with 上移 / 下移 / 移除,
 * and 选择内容 opening a paged, searchable picker of the related resource's items (GET /api/content/relation).
 * When another field chooses the related resource (relation.by), changing it empties the list.
 */
export function RelationInput({ id, value, onChange, field: f, owner, disabled, taken = [] }: Props) {
  const form = Form.useFormInstance()
  const byField = f.relation?.by?.field
  const byValue = Form.useWatch(byField ?? [], form) as unknown
  // A field whose items may be of several resources (relation.anyOf) lets the picker choose; titles span them.
  const anyOf = f.relation?.anyOf
  const related = anyOf ? anyOf[0] : relatedResourceName(f, byField ? { [byField]: byValue } : {})
  const ids = value ?? []
  const [picking, setPicking] = useState(false)
  const known = useRef(new Map<number, RelatedItem>())

  // Another related resource makes the chosen items meaningless (they are of the old one). The watched value is
  // undefined on the first render, before the form has its initial values: that is no change of type.
  const lastRelated = useRef(related)
  useEffect(() => {
    if (lastRelated.current !== undefined && lastRelated.current !== related && ids.length) onChange?.([])
    lastRelated.current = related
  }, [related, ids.length, onChange])

  const missing = ids.filter((i) => !known.current.has(i))
  const titles = useQuery({
    queryKey: ['relation-titles', owner.kind, owner.field, related, missing.join(',')],
    queryFn: () =>
      api.get<Paged<RelatedItem>>(RELATION_URL, {
        kind: owner.kind,
        field: owner.field,
        related: anyOf ? undefined : related,
        ids: missing.join(','),
        pageSize: 100,
      }),
    enabled: missing.length > 0 && related !== undefined,
  })
  for (const item of titles.data?.items ?? []) known.current.set(item.id, item)

  if (!related)
    return (
      <Typography.Text id={id} type="secondary">
        该类型的{f.label}来自媒资库，媒资库上线后可选择
      </Typography.Text>
    )
  const change = (next: number[]) => onChange?.(next)
  return (
    <Flex vertical gap={8} id={id}>
      {titles.error ? <Alert type="error" showIcon title={titles.error.message} /> : null}
      <List
        size="small"
        bordered
        locale={{ emptyText: '暂无数据' }}
        dataSource={ids}
        renderItem={(itemId, i) => (
          <List.Item
            actions={
              disabled
                ? []
                : [
                    <Button
                      key="up"
                      type="link"
                      size="small"
                      disabled={i === 0}
                      onClick={() => change(moveItem(ids, i, -1))}
                    >
                      上移
                    </Button>,
                    <Button
                      key="down"
                      type="link"
                      size="small"
                      disabled={i === ids.length - 1}
                      onClick={() => change(moveItem(ids, i, 1))}
                    >
                      下移
                    </Button>,
                    <Button
                      key="remove"
                      type="link"
                      size="small"
                      danger
                      onClick={() => change(ids.filter((x) => x !== itemId))}
                    >
                      移除
                    </Button>,
                  ]
            }
          >
            <span className="moc-relation-item">
              {i + 1}.{' '}
              {known.current.get(itemId)?.title ??
                (titles.isLoading ? '加载中...' : `内容 ${itemId}（已删除或不在数据范围内）`)}
            </span>
          </List.Item>
        )}
      />
      {disabled ? null : (
        <div>
          <Button onClick={() => setPicking(true)} disabled={ids.length >= (f.max ?? 100)}>
            选择内容
          </Button>
        </div>
      )}
      {picking ? (
        <RelationPickerDialog
          title={`选择${f.label}`}
          owner={owner}
          related={related}
          anyOf={anyOf}
          chosen={[...ids, ...taken]}
          room={(f.max ?? 100) - ids.length}
          onCancel={() => setPicking(false)}
          onPick={(items) => {
            for (const item of items) known.current.set(item.id, item)
            change(
              appendIds(
                ids,
                items.map((x) => x.id),
              ),
            )
            setPicking(false)
          }}
        />
      ) : null}
    </Flex>
  )
}

function RelationPickerDialog({
  title,
  owner,
  related: first,
  anyOf,
  chosen,
  room,
  onCancel,
  onPick,
}: {
  title: string
  owner: RelationOwner
  related: string
  anyOf?: string[]
  chosen: number[]
  room: number
  onCancel: () => void
  onPick: (items: RelatedItem[]) => void
}) {
  const names = useStatusNames()
  const [related, setRelated] = useState(first)
  const [page, setPage] = useState(1)
  const [keyword, setKeyword] = useState('')
  const [selected, setSelected] = useState<RelatedItem[]>([])
  const list = useQuery({
    queryKey: ['relation-picker', owner.kind, owner.field, related, keyword, page],
    queryFn: () =>
      api.get<Paged<RelatedItem>>(RELATION_URL, {
        kind: owner.kind,
        field: owner.field,
        related,
        title: keyword || undefined,
        page,
        pageSize: PICKER_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  })
  const over = selected.length > room
  return (
    <Modal
      open
      title={title}
      width={800}
      okText="确定"
      cancelText="取消"
      onCancel={onCancel}
      okButtonProps={{ disabled: !selected.length || over }}
      onOk={() => onPick(selected)}
    >
      <Flex gap={8}>
        {anyOf ? (
          <Select
            aria-label="内容类型"
            value={related}
            style={{ width: 140 }}
            options={anyOf.map((r) => ({ value: r, label: resourceLabel(r) }))}
            onChange={(r) => {
              setRelated(r)
              setPage(1)
            }}
          />
        ) : null}
        <Input.Search
          allowClear
          maxLength={100}
          placeholder="请输入标题"
          enterButton="搜索"
          aria-label="标题"
          onSearch={(v) => {
            setKeyword(v.trim())
            setPage(1)
          }}
        />
      </Flex>
      {list.error ? (
        <Alert type="error" showIcon title={list.error.message} style={{ marginTop: 8 }} />
      ) : null}
      {over ? (
        <Alert type="warning" showIcon title={`最多还能选择${room}条`} style={{ marginTop: 8 }} />
      ) : null}
      <Table<RelatedItem>
        style={{ marginTop: 8 }}
        size="small"
        rowKey="id"
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        locale={{ emptyText: list.isLoading ? '加载中...' : '暂无数据' }}
        rowSelection={{
          preserveSelectedRowKeys: true,
          selectedRowKeys: selected.map((s) => s.id),
          getCheckboxProps: (r) => ({ disabled: chosen.includes(r.id) }),
          onChange: (_, rows) => setSelected(rows.filter(Boolean)),
        }}
        columns={[
          { title: '标题', dataIndex: 'title', render: (v: string) => v || '--' },
          {
            title: '审核状态',
            dataIndex: 'verifyState',
            width: 120,
            render: (v: number) => names.verifyState(v)?.text ?? '--',
          },
          {
            title: '创建时间',
            dataIndex: 'createdAt',
            width: 180,
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
          },
        ]}
        pagination={{
          current: page,
          pageSize: PICKER_PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 条`,
          onChange: setPage,
        }}
      />
    </Modal>
  )
}
