import { Button, Flex, Form, type FormInstance, Input } from 'antd'
import type { ReactNode } from 'react'
import { SearchButtons } from './SearchButtons.tsx'

interface Props {
  /** The search form's name (ids of its fields). */
  formName: string
  /** The one searched field: its query name and label, e.g. name + 流程名称. */
  field: string
  label: string
  /** usePagedQuery's `search`. */
  onSearch: (values: Record<string, string | undefined>) => void
  /** The add button on the right, when the user may add. */
  add?: { label: string; onClick: () => void }
  /** The form, when its values come from elsewhere too (a URL-synced list, usePagedQuery `url`). */
  form?: FormInstance
  /** More on the right, after the add button (列设置). */
  extra?: ReactNode
}

/** A list's toolbar: search by one name field (搜索 / 重置) and, on the right, the add button. */
export function SearchBar({ formName, field, label, onSearch, add, form, extra }: Props) {
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <Form form={form} name={formName} layout="inline" onFinish={onSearch}>
        <Form.Item label={label} name={field}>
          <Input allowClear maxLength={50} placeholder={`请输入${label}`} />
        </Form.Item>
        <SearchButtons onReset={() => onSearch({})} />
      </Form>
      <Flex gap={8}>
        {add ? (
          <Button type="primary" onClick={add.onClick}>
            {add.label}
          </Button>
        ) : null}
        {extra}
      </Flex>
    </Flex>
  )
}
