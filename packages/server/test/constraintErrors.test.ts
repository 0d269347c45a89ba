import { describe, expect, it } from 'vitest'
import { constraintError } from '../src/platform/errorHandler.ts'

/** A database constraint that refused a write (no check of ours came first) reads as a refusal, never a 500. */
describe('constraint errors', () => {
  const wrapped = (code: string, message: string) =>
    Object.assign(new Error('Failed query: insert …'), { cause: Object.assign(new Error(message), { code }) })

  it('names a missing reference, a reference that keeps a row, a duplicate and a kept check', () => {
    const cases = [
      wrapped('23503', 'insert or update on table "shop_item" violates foreign key constraint'),
      wrapped(
        '23503',
        'update or delete on table "coupon" violates foreign key constraint … is still referenced',
      ),
      wrapped('23505', 'duplicate key value violates unique constraint "user_award_once"'),
      wrapped('23514', 'new row for relation "coupon" violates check constraint "coupon_stock"'),
    ].map((e) => {
      const r = constraintError(e)
      return [r?.status, r?.message]
    })
    expect(cases).toEqual([
      [400, '关联的数据不存在或已被删除，请刷新后重试'],
      [409, '该数据正被其他数据使用，不能删除'],
      [409, '数据已存在，请勿重复提交'],
      [409, '数据已变化，操作未完成，请刷新后重试'],
    ])
  })

  it('leaves other failures alone', () => {
    expect(constraintError(new Error('boom'))).toBeUndefined()
    expect(constraintError(wrapped('57014', 'canceling statement due to statement timeout'))).toBeUndefined()
  })
})
