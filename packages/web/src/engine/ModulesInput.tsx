import { MODULE_NAME_MAX } from '@moc/domain/resources/fieldSchema'
import type { ContentModule } from '@moc/domain/resources/relation'
import type { FieldDef } from '@moc/domain/resources/types'
import { Button, Card, Empty, Flex, Input, Popconfirm } from 'antd'
import { moveItem, RelationInput, type RelationOwner } from './RelationInput.tsx'

interface Props {
  id?: string
  value?: ContentModule[]
  onChange?: (v: ContentModule[]) => void
  field: FieldDef
  owner: RelationOwner
  disabled: boolean
}

/**
 * A `modules` field (a subject's 专题模块): named modules in order — 添加模块, rename, 上移 / 下移, 删除模块 — each
 * holding an ordered list of content picked from any of the field's resources (RelationInput). Content already
 * in another module is not offered again (the server refuses repeats as well).
 */
export function ModulesInput({ id, value, onChange, field: f, owner, disabled }: Props) {
  const modules = value ?? []
  const change = (next: ContentModule[]) => onChange?.(next)
  const put = (i: number, m: ContentModule) => change(modules.map((x, j) => (j === i ? m : x)))
  const itemField: FieldDef = { kind: 'relation', label: '模块内容', max: 100, relation: f.relation }
  return (
    <Flex vertical gap={12} id={id}>
      {modules.length ? null : <Empty description="暂无模块" image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      {modules.map((m, i) => (
        <Card
          // Modules have no id of their own; the position is their identity while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={i}
          size="small"
          title={
            <Input
              aria-label={`模块${i + 1}名称`}
              value={m.name}
              maxLength={MODULE_NAME_MAX}
              placeholder="请输入模块名称"
              disabled={disabled}
              onChange={(e) => put(i, { ...m, name: e.target.value })}
              style={{ maxWidth: 320 }}
            />
          }
          extra={
            disabled ? null : (
              <Flex gap={4}>
                <Button
                  size="small"
                  type="link"
                  disabled={i === 0}
                  onClick={() => change(moveItem(modules, i, -1))}
                >
                  上移
                </Button>
                <Button
                  size="small"
                  type="link"
                  disabled={i === modules.length - 1}
                  onClick={() => change(moveItem(modules, i, 1))}
                >
                  下移
                </Button>
                <Popconfirm
                  title={`确定删除模块「${m.name || i + 1}」？`}
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => change(modules.filter((_, j) => j !== i))}
                >
                  <Button size="small" type="link" danger>
                    删除模块
                  </Button>
                </Popconfirm>
              </Flex>
            )
          }
        >
          <RelationInput
            value={m.items}
            onChange={(items) => put(i, { ...m, items })}
            field={itemField}
            owner={owner}
            disabled={disabled}
            taken={modules.flatMap((x, j) => (j === i ? [] : x.items))}
          />
        </Card>
      ))}
      {disabled ? null : (
        <div>
          <Button
            disabled={modules.length >= (f.max ?? 20)}
            onClick={() => change([...modules, { name: '', items: [] }])}
          >
            添加模块
          </Button>
        </div>
      )}
    </Flex>
  )
}
