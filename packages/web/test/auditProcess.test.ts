import { describe, expect, it } from 'vitest'
import { CANNED_REJECT_REASONS, checkRejectReason, hasReason, toggleReason } from '../src/engine/review.ts'
import { accountLabel, movedOrder } from '../src/pages/system/auditProcess/processNodes.ts'

describe('canned reject reasons', () => {
  it('offers the common reasons', () => {
    expect(CANNED_REJECT_REASONS).toContain('内容涉及敏感信息')
    expect(CANNED_REJECT_REASONS).toContain('存在错别字')
  })

  it('a chip adds its reason after the written text, and takes it out again', () => {
    const a = toggleReason('', '标题不规范')
    expect(a).toBe('标题不规范')
    const b = toggleReason(a, '存在错别字')
    expect(b).toBe('标题不规范；存在错别字')
    expect(hasReason(b, '存在错别字')).toBe(true)
    expect(toggleReason(b, '标题不规范')).toBe('存在错别字')
    expect(toggleReason('导语缺少时间；', '标题不规范')).toBe('导语缺少时间；标题不规范')
    expect(toggleReason('导语缺少时间', '标题不规范')).toBe('导语缺少时间；标题不规范')
    expect(hasReason('标题不规范的问题', '标题不规范')).toBe(false)
    expect(hasReason(undefined, '标题不规范')).toBe(false)
  })

  it('the reason stays required and at most 200 characters', () => {
    expect(checkRejectReason(toggleReason(toggleReason('', '存在错别字'), '存在错别字'))).toEqual({
      ok: false,
      message: '请输入驳回原因',
    })
    expect(checkRejectReason(toggleReason('长'.repeat(195), '存在错别字')).ok).toBe(false)
  })
})

describe('process nodes', () => {
  it('moves a node up or down, never past the ends', () => {
    expect(movedOrder([1, 2, 3], 1, -1)).toEqual([2, 1, 3])
    expect(movedOrder([1, 2, 3], 1, 1)).toEqual([1, 3, 2])
    expect(movedOrder([1, 2, 3], 0, -1)).toEqual([1, 2, 3])
    expect(movedOrder([1, 2, 3], 2, 1)).toEqual([1, 2, 3])
    expect(movedOrder([1, 2, 3], 5, -1)).toEqual([1, 2, 3])
  })

  it('labels an account by real name and account name', () => {
    expect(accountLabel({ name: 'li', realName: '李四' })).toBe('李四（li）')
    expect(accountLabel({ name: 'li', realName: '' })).toBe('li')
  })
})
