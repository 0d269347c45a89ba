import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { comparable, type FormLike, fillUntouched, formEdited } from '../src/widgets/formEdits.ts'

/** An antd form as far as the helpers see it: a store, and which fields the user changed (antd's touched). */
function fakeForm(values: Record<string, unknown>) {
  const store: Record<string, unknown> = { ...values }
  const touched = new Set<string>()
  const form = {
    isFieldTouched: (name: string) => touched.has(name),
    setFields: (fields: { name: string; value: unknown; touched?: boolean }[]) => {
      for (const f of fields) {
        store[f.name] = f.value
        if (f.touched === false) touched.delete(f.name)
      }
    },
    getFieldsValue: () => ({ ...store }),
  }
  /** What a control's onChange does: the value changes and the field is touched. */
  const type = (name: string, value: unknown) => {
    store[name] = value
    touched.add(name)
  }
  return { form: form as unknown as FormLike, store, type }
}

describe('late data in a form (issue 20 point 4)', () => {
  it('fills only the fields the user has not touched; what was typed stays', () => {
    const { form, store, type } = fakeForm({ name: '', description: '' })
    const baseline = { name: '', description: '' }
    type('name', '编辑组')
    expect(fillUntouched(form, { name: '旧名称', description: '新的描述' }, baseline)).toEqual([
      'description',
    ])
    expect(store).toEqual({ name: '编辑组', description: '新的描述' })
    expect(baseline.description).toBe('新的描述')
  })

  it('a later answer still reaches a field it filled before (it stays untouched)', () => {
    const { form, store } = fakeForm({ name: '' })
    const baseline = { name: '' }
    fillUntouched(form, { name: '第一次' }, baseline)
    fillUntouched(form, { name: '第二次' }, baseline)
    expect(store.name).toBe('第二次')
  })
})

describe('unsaved changes (issue 20 point 10)', () => {
  it('an edit is a touched field whose value differs from what the form was filled with', () => {
    const { form, type } = fakeForm({ title: '标题', tags: [1] })
    const baseline = { title: '标题', tags: [1] }
    expect(formEdited(form, baseline)).toBe(false)
    type('title', '新标题')
    expect(formEdited(form, baseline)).toBe(true)
    // Typed back to what it was: nothing to lose.
    type('title', '标题')
    expect(formEdited(form, baseline)).toBe(false)
    type('tags', [1, 2])
    expect(formEdited(form, baseline)).toBe(true)
  })

  it('filled data is not an edit, and a field added by typing is', () => {
    const { form, type } = fakeForm({})
    const baseline: Record<string, unknown> = {}
    fillUntouched(form, { name: '角色' }, baseline)
    expect(formEdited(form, baseline)).toBe(false)
    type('password', 'Secret@123')
    expect(formEdited(form, baseline)).toBe(true)
  })

  it('empty values are alike, dates compare by instant', () => {
    expect(comparable('')).toBe(comparable(undefined))
    expect(comparable(null)).toBe(comparable([]))
    expect(comparable('0')).not.toBe(comparable(''))
    const at = '2026-02-01T08:00:00.000Z'
    expect(comparable(dayjs(at))).toBe(comparable(dayjs(at)))
    expect(comparable(dayjs(at))).not.toBe(comparable(dayjs(at).add(1, 'minute')))
  })
})
