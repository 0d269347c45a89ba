import type { FieldDef } from '@moc/domain/resources/types'
import { DatePicker, Input, InputNumber, Select, Switch } from 'antd'
import type { Dayjs } from 'dayjs'
import { MediaAccountSelect } from '../widgets/MediaAccountSelect.tsx'
import { MediaPickButton } from '../widgets/MediaPickButton.tsx'
import { RichTextField } from '../widgets/richText/RichTextField.tsx'
import { TagSelect } from '../widgets/TagSelect.tsx'
import { UploadField } from '../widgets/UploadField.tsx'
import { ChildrenInput } from './ChildrenInput.tsx'
import { ImageListInput } from './ImageListInput.tsx'
import { ModulesInput } from './ModulesInput.tsx'
import { RefSelect } from './RefSelect.tsx'
import { RelationInput, type RelationOwner } from './RelationInput.tsx'

/** The props a Form.Item hands to its control. */
interface ControlProps<V> {
  id?: string
  value?: V
  onChange?: (v: V) => void
}

function RichTextInput({
  id,
  value,
  onChange,
  label,
  max,
  disabled,
}: ControlProps<string> & { label: string; max?: number; disabled: boolean }) {
  return (
    <RichTextField
      id={id}
      value={value ?? ''}
      onChange={(html) => onChange?.(html)}
      maxLength={max}
      disabled={disabled}
      aria-label={label}
    />
  )
}

/**
 * The form control of one field, drawn by its kind: tags and 媒体号 through the paged select (ids), image and
 * video fields through the upload widget (value: the URL), rich text through the editor (value: cleaned HTML).
 */
export function FieldInput({
  field: f,
  autoFocus,
  readOnly,
  owner,
  ariaLabel,
  ...control
}: ControlProps<unknown> & {
  field: FieldDef
  autoFocus?: boolean
  readOnly?: boolean
  owner?: RelationOwner
  /** The control's name where no label names it (a cell of a child row). */
  ariaLabel?: string
}) {
  // An explicit `disabled` on a control overrides the Form's, so the form's read-only state comes in here.
  const disabled = f.readOnly === true || readOnly === true
  const common = { id: control.id, disabled, autoFocus, 'aria-label': ariaLabel }
  const value = control.value as never
  const onChange = control.onChange as never
  if (f.ref)
    return (
      <RefSelect
        {...common}
        field={f as FieldDef & { ref: { resource: string } }}
        fieldName={owner?.field ?? ''}
        value={value}
        onChange={onChange}
      />
    )
  switch (f.kind) {
    case 'textarea':
      return (
        <Input.TextArea
          {...common}
          value={value}
          onChange={(e) => control.onChange?.(e.target.value)}
          rows={4}
          maxLength={f.max}
          showCount={f.max !== undefined}
          placeholder={`请输入${f.label}`}
        />
      )
    case 'richText':
      return (
        <RichTextInput
          id={control.id}
          value={value}
          onChange={onChange}
          label={f.label}
          max={f.max}
          disabled={disabled}
        />
      )
    case 'number':
      if (f.cents)
        return (
          <InputNumber
            {...common}
            value={typeof value === 'number' ? value / 100 : value}
            onChange={(v) => control.onChange?.(typeof v === 'number' ? Math.round(v * 100) : v)}
            precision={2}
            step={0.01}
            min={(f.min ?? 0) / 100}
            suffix="元"
            placeholder={f.help ?? `请输入${f.label}`}
            style={{ width: 200 }}
          />
        )
      return (
        <InputNumber
          {...common}
          value={value}
          onChange={onChange}
          placeholder={f.help ?? `请输入${f.label}`}
          style={{ width: 200 }}
        />
      )
    case 'switch':
      return (
        <Switch
          id={control.id}
          aria-label={ariaLabel}
          disabled={disabled}
          checked={Boolean(control.value)}
          onChange={onChange}
        />
      )
    case 'select':
    case 'multiSelect':
      return (
        <Select
          {...common}
          value={value}
          onChange={onChange}
          mode={f.kind === 'multiSelect' ? 'multiple' : undefined}
          allowClear={!f.required}
          placeholder={`请选择${f.label}`}
          options={Object.entries(f.options ?? {}).map(([v, label]) => ({ value: v, label }))}
          notFoundContent="暂无数据"
        />
      )
    case 'datetime':
      return (
        <DatePicker
          {...common}
          value={value as Dayjs | undefined}
          onChange={onChange}
          showTime
          format="YYYY-MM-DD HH:mm:ss"
          placeholder={`请选择${f.label}`}
        />
      )
    case 'image':
    case 'video':
      // The value stays the file's URL, so definitions and stored content do not change.
      return (
        <UploadField
          id={control.id}
          value={value}
          onChange={onChange}
          kind={f.kind}
          label={f.label}
          disabled={disabled}
          edit={f.kind === 'image'}
          extra={
            <MediaPickButton type={f.kind} disabled={disabled} onPick={(url) => control.onChange?.(url)} />
          }
        />
      )
    case 'file':
      return (
        <UploadField
          id={control.id}
          value={value}
          onChange={onChange}
          kind={f.upload ?? 'attachment'}
          label={f.label}
          disabled={disabled}
        />
      )
    case 'url':
      return (
        <Input
          {...common}
          type="url"
          value={value}
          onChange={(e) => control.onChange?.(e.target.value)}
          placeholder="https://"
          allowClear
        />
      )
    case 'relation':
      return owner ? (
        <RelationInput
          id={control.id}
          value={value}
          onChange={onChange}
          field={f}
          owner={owner}
          disabled={disabled}
        />
      ) : null
    case 'imageList':
      return (
        <ImageListInput id={control.id} value={value} onChange={onChange} field={f} disabled={disabled} />
      )
    case 'children':
      return (
        <ChildrenInput
          id={control.id}
          value={value}
          onChange={onChange}
          field={f}
          disabled={disabled}
          cell={(props) => <FieldInput {...props} />}
        />
      )
    case 'modules':
      return owner ? (
        <ModulesInput
          id={control.id}
          value={value}
          onChange={onChange}
          field={f}
          owner={owner}
          disabled={disabled}
        />
      ) : null
    case 'tags':
      return <TagSelect {...common} value={value} onChange={onChange} label={f.label} max={f.max} />
    case 'mediaAccount':
      return <MediaAccountSelect {...common} value={value} onChange={onChange} label={f.label} />
    default:
      return (
        <Input
          {...common}
          value={value}
          onChange={(e) => control.onChange?.(e.target.value)}
          maxLength={f.max}
          showCount={f.max !== undefined}
          placeholder={f.help ?? `请输入${f.label}`}
        />
      )
  }
}
