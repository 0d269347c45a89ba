import { describe, expect, it } from 'vitest'
import { fieldsSchema } from '../src/resources/fieldSchema.ts'
import { coupon } from '../src/resources/marketing/coupon.ts'
import { medal } from '../src/resources/marketing/medal.ts'
import { notice } from '../src/resources/marketing/notice.ts'

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message)

describe('field rules the engine enforces on both sides', () => {
  it('a field applies under one of several values of another (when.values): 门槛 for rules, none for 手动发放', () => {
    const schema = fieldsSchema(medal)
    const base = { name: '积分达人', image: 'https://img.example.com/a.png' }
    expect(messages(schema.safeParse({ ...base, rule: 'manual' }))).toEqual([])
    expect(messages(schema.safeParse({ ...base, rule: 'points', threshold: 0 }))).toEqual([
      '获得方式不是手动发放时，请填写大于 0 的门槛',
    ])
    expect(messages(schema.safeParse({ ...base, rule: 'invites', threshold: 3 }))).toEqual([])
  })

  it('a required id list needs an id; a required ref asks to choose (请选择)', () => {
    const schema = fieldsSchema(notice)
    const base = { title: '通知', content: '内容', channel: 'inApp' }
    expect(messages(schema.safeParse({ ...base, target: 'users', userIds: [] }))).toEqual(['请选择指定用户'])
    expect(messages(schema.safeParse({ ...base, target: 'users', userIds: [3] }))).toEqual([])
    expect(messages(schema.safeParse({ ...base, target: 'all', userIds: [] }))).toEqual([])
  })

  it('a field that applies is read as its schema reads it (a time sent as text), one that does not is left alone', () => {
    const schema = fieldsSchema(coupon)
    const base = {
      name: '满100减20',
      kind: 'cash',
      value: 2000,
      threshold: 10_000,
      stock: 10,
      perUserLimit: 1,
    }
    const range = schema.safeParse({
      ...base,
      validType: 'range',
      validStart: '2026-12-01T00:00:00.000Z',
      validEnd: '2026-12-31T00:00:00.000Z',
      validDays: 'x',
    })
    expect(messages(range)).toEqual([])
    expect(range.data).not.toHaveProperty('validDays')
    expect(messages(schema.safeParse({ ...base, validType: 'range', validStart: 'soon' }))).toContain(
      '开始时间填写有误',
    )
  })
})
