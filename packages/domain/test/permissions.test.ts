import { describe, expect, it } from 'vitest'
import { buildMenu } from '../src/catalogue/menu.ts'
import { can, canBatch, canOpen, type Grant, menuVisible } from '../src/permissions/can.ts'
import { fullGrant } from '../src/permissions/fullGrant.ts'

const grant = (power: Grant['power'], powerMenuAttrs: string[] = [], roleId: number | null = 5): Grant => ({
  roleId,
  power,
  powerMenuAttrs,
})

describe('spec §6 permission rules', () => {
  it('roleId 1 passes every check, including 审核', () => {
    const root = grant({}, [], 1)
    expect(can(root, '文章审核', '审核')).toBe(true)
    expect(canOpen(root, '系统-角色')).toBe(true)
    expect(menuVisible(root, '/roles', '系统-角色')).toBe(true)
  })

  it('opening a page needs an entry with exists true', () => {
    expect(canOpen(grant({ '内容-文章': [{ actionName: '查看', exists: false }] }), '内容-文章')).toBe(false)
    expect(canOpen(grant({ '内容-文章': [{ actionName: '查看', exists: true }] }), '内容-文章')).toBe(true)
    expect(canOpen(grant({}), undefined)).toBe(true)
  })

  it('提交审核, 撤销审核 and 驳回原因 each grant 审核', () => {
    for (const a of ['提交审核', '撤销审核', '驳回原因'] as const)
      expect(can(grant({ 视频审核: [{ actionName: a, exists: true }] }), '视频审核', '审核')).toBe(true)
    expect(can(grant({ 视频审核: [{ actionName: '查看', exists: true }] }), '视频审核', '审核')).toBe(false)
  })

  it('显示 and 隐藏 both map to 显示/隐藏', () => {
    const g = grant({ '内容-专题': [{ actionName: '显示/隐藏', exists: true }] })
    expect(can(g, '内容-专题', '显示')).toBe(true)
    expect(can(g, '内容-专题', '隐藏')).toBe(true)
    expect(
      can(grant({ '内容-专题': [{ actionName: '显示/隐藏', exists: false }] }), '内容-专题', '显示'),
    ).toBe(false)
  })

  it('batch actions with no matching flag stay allowed; a false flag denies', () => {
    const g = grant({ '内容-文章': [{ actionName: '删除', exists: false }] })
    expect(canBatch(g, '内容-文章', '导出')).toBe(true)
    expect(canBatch(g, '内容-文章', '删除')).toBe(false)
  })

  it('menu entries need their key in powerMenuAttrs unless they have no permission', () => {
    const g = grant({ '内容-文章': [{ actionName: '查看', exists: true }] }, ['/contentArticle'])
    expect(menuVisible(g, '/contentArticle', '内容-文章')).toBe(true)
    expect(menuVisible(g, '/contentVideo', '内容-视频')).toBe(false)
    expect(menuVisible(g, '/dashboard', undefined)).toBe(true)
  })

  it('builds the side menu from the grant: permitted and visible only, groups without entries dropped', () => {
    const g = grant({ '内容-文章': [{ actionName: '查看', exists: true }] }, ['/contentArticle'])
    const menu = buildMenu(g, 'editor')
    const links = menu.flatMap((m) => [m.link, ...(m.children ?? []).map((c) => c.link)]).filter(Boolean)
    expect(links).toContain('/dashboard')
    expect(links).toContain('/contentArticle')
    expect(links).not.toContain('/contentVideo')
    expect(links).not.toContain('/hidden/dataExpansion')
    // 组织架构 has no permission (spec §6), so it is the system group's only entry.
    expect(menu.find((m) => m.id === 'system')?.children?.map((c) => c.link)).toEqual([
      '/organizationalStructure',
    ])
    expect(menu.find((m) => m.id === 'app')).toBeUndefined()
    expect(JSON.stringify(buildMenu({ roleId: 1, ...fullGrant() }, 'admin'))).toContain('/smsOutbox')
  })

  it('the visual-radio queues are gated by the TV review permission', () => {
    const g = grant({ 电视审核: [{ actionName: '查看', exists: true }] }, ['/auditVisualRadio', '/auditTv'])
    const links = JSON.stringify(buildMenu(g, 'reviewer'))
    expect(links).toContain('/auditVisualRadio')
    expect(links).toContain('/auditTv"')
  })
})
