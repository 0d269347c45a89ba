import type { FieldDef, ResourceDef } from '@moc/domain/resources/types'
import { countCellText } from '@moc/domain/rules/contentCounts'
import { Tag, Tooltip } from 'antd'
import { TEXT_WIDTH } from '../widgets/columnWidths.ts'
import { EllipsisText } from '../widgets/EllipsisText.tsx'
import { resolvedNames } from '../widgets/ResolvedNames.tsx'
import { fieldText, formatTime } from './displayValue.ts'
import { RefLink } from './RefSelect.tsx'

/** A machine's state (a feedback's 待处理) as its tag, in the machine's colour for that state. */
export function MachineStateTag({ def, value }: { def: ResourceDef; value: unknown }) {
  const field = def.machine && def.fields[def.machine.field]
  if (value === undefined || value === null || value === '' || !field) return '--'
  return <Tag color={def.machine?.colors?.[String(value)]}>{fieldText(field, value)}</Tag>
}

/** A definition field's value as a list cell (its machine state as a tag). */
export function FieldCell({
  def,
  name,
  value: v,
  refName,
  refTo,
}: {
  def: ResourceDef
  name: string
  value: unknown
  /** A ref field's row name, as the list answered it (`refs`), and its definition when another (`refTo`). */
  refName?: string
  refTo?: string
}) {
  const f: FieldDef = def.fields[name]!
  if (name === def.machine?.field) return <MachineStateTag def={def} value={v} />
  if (v === undefined || v === null || v === '') return '--'
  if (f.ref && typeof v === 'number')
    return <RefLink field={f as FieldDef & { ref: { resource: string } }} id={v} name={refName} to={refTo} />
  if (f.ref)
    return Array.isArray(v) && v.length ? (
      <EllipsisText text={refName ?? `${v.length}个`} maxWidth={TEXT_WIDTH.text} />
    ) : (
      '--'
    )
  if (f.cents && typeof v === 'number') return fieldText(f, v)
  switch (f.kind) {
    case 'image':
      return <img src={String(v)} alt={f.label} className="moc-resource-thumb" />
    case 'imageList':
      return Array.isArray(v) && v.length ? `${v.length}张` : '--'
    case 'switch':
      return v ? '是' : '否'
    case 'select':
    case 'multiSelect':
      return fieldText(f, v)
    case 'datetime':
      return formatTime(v)
    case 'tags':
    case 'mediaAccount':
      return resolvedNames(f.kind, v)
    case 'relation':
    case 'children':
      return Array.isArray(v) ? v.length : String(v)
    default:
      return <EllipsisText text={String(v)} maxWidth={TEXT_WIDTH.text} />
  }
}

/** A content count: real + operated, the parts on hover (spec §3 counts). */
export function CountCell({
  applies,
  real,
  operated,
}: {
  applies: boolean
  real: unknown
  operated: unknown
}) {
  const r = typeof real === 'number' ? real : null
  const o = typeof operated === 'number' ? operated : null
  const text = countCellText(applies, r, o)
  if (!applies || o === null) return text
  return (
    <Tooltip title={`真实 ${r ?? 0} + 运营 ${o}`}>
      <span>{text}</span>
    </Tooltip>
  )
}
