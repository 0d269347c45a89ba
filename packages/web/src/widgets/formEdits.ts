import type { FormInstance } from 'antd'
import { useMemo, useRef } from 'react'

/** The part of an antd form instance these helpers use. */
export type FormLike = Pick<FormInstance, 'isFieldTouched' | 'setFields' | 'getFieldsValue'>

type Values = Record<string, unknown>

/**
 * A form value in comparable form: '', null, undefined and [] alike (an emptied field is not an edit), dates by
 * their instant (dayjs and Date serialise to ISO text), arrays and objects by content.
 */
export const comparable = (v: unknown): string =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)
    ? 'null'
    : JSON.stringify(v)

/**
 * Puts data that arrived after the form opened (the record read again, a refetch) into the fields the user has not
 * touched; a field the user changed keeps what they typed (decision 0035). The filled fields stay untouched (antd's
 * setFieldsValue would mark them touched) and become the baseline `formEdited` compares with. Returns the names
 * filled.
 */
export function fillUntouched(form: FormLike, values: Values, baseline: Values): string[] {
  const names = Object.keys(values).filter((name) => !form.isFieldTouched(name))
  form.setFields(names.map((name) => ({ name, value: values[name], touched: false })))
  for (const name of names) baseline[name] = values[name]
  return names
}

/** Whether the user changed a field from its baseline (what the form was opened or filled with). */
export function formEdited(form: FormLike, baseline: Values): boolean {
  const current = form.getFieldsValue(true) as Values
  const names = new Set([...Object.keys(current), ...Object.keys(baseline)])
  return [...names].some(
    (name) => form.isFieldTouched(name) && comparable(current[name]) !== comparable(baseline[name]),
  )
}

/**
 * A form's baseline and its uses: `fill` late data into untouched fields, `edited` for the unsaved-changes guard
 * (`useUnsavedChangesGuard`), and `accept` after a save that keeps the form open (what it shows is now saved).
 * `initial` is what the form opened with (its initialValues); a form that stays mounted for another record (a
 * drawer) passes that record as `record`, and the baseline starts again from `initial` when it changes.
 */
export function useFormEdits(form: FormLike, initial: object, record?: unknown) {
  const baseline = useRef({ record, values: { ...initial } as Values })
  if (baseline.current.record !== record) baseline.current = { record, values: { ...initial } }
  return useMemo(
    () => ({
      fill: (values: Values) => fillUntouched(form, values, baseline.current.values),
      edited: () => formEdited(form, baseline.current.values),
      accept: () => {
        baseline.current.values = { ...(form.getFieldsValue(true) as Values) }
      },
    }),
    [form],
  )
}
