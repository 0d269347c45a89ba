import { describe, expect, it } from 'vitest'
import { copyName, departmentIds, roleFieldsSchema, roleModifyBodySchema } from '../src/api/roles.ts'
import { screens } from '../src/catalogue/screens.ts'
import { permissionPages } from '../src/permissions/pages.ts'
import {
  emptySelection,
  fullRoleGrant,
  grantFromSelection,
  groupState,
  normaliseRoleGrant,
  pageState,
  roleConfigTree,
  selectionFromGrant,
  toggleAction,
  toggleGroup,
  toggleMenu,
  togglePage,
} from '../src/permissions/roleEditor.ts'

const tree = roleConfigTree()
const group = (key: string) => tree.find((g) => g.key === key)!
const page = (name: string) => tree.flatMap((g) => g.pages).find((p) => p.name === name)!

describe('role editor tree (GET /api/role/config)', () => {
  it('holds every permission page once, under its menu group, in catalogue order', () => {
    const names = tree.flatMap((g) => g.pages.map((p) => p.name))
    expect(names).toEqual(permissionPages.map((p) => p.name))
    expect(tree.map((g) => g.title)).toContain('系统管理')
  })

  it('gives actions stable keys and lists the menu entries a page controls', () => {
    expect(page('内容-文章').actions[0]).toEqual({ name: '查看', key: 'content-article-view' })
    expect(page('APP-闪屏').menus.map((m) => m.path)).toEqual(['/publishFlash', '/contentFlash'])
    // The visual-radio audit entry is gated by the TV audit permission (spec §6).
    expect(page('电视审核').menus.map((m) => m.title)).toContain('可视广播审核')
    const menuPaths = tree.flatMap((g) => g.pages.flatMap((p) => p.menus.map((m) => m.path)))
    expect(menuPaths.sort()).toEqual(
      screens
        .filter((s) => s.menu && s.permission)
        .map((s) => s.path)
        .sort(),
    )
  })
})

describe('normaliseRoleGrant (server-side validation)', () => {
  it('stores every action of a granted page in catalogue order and drops pages with nothing granted', () => {
    const r = normaliseRoleGrant(
      {
        '系统-操作日志': [{ actionName: '导出', exists: true }],
        '系统-角色': [{ actionName: '查看', exists: false }],
      },
      ['/systemlog', '/systemlog'],
    )
    expect(r).toEqual({
      ok: true,
      grant: {
        power: {
          '系统-操作日志': [
            { actionName: '查看', exists: false },
            { actionName: '导出', exists: true },
          ],
        },
        powerMenuAttrs: ['/systemlog'],
      },
    })
  })

  it('names what is unknown', () => {
    expect(normaliseRoleGrant({ 无: [] }, [])).toEqual({ ok: false, msg: '权限页面「无」不存在' })
    expect(normaliseRoleGrant({ '系统-角色': [{ actionName: '审核', exists: true }] }, [])).toEqual({
      ok: false,
      msg: '权限页面「系统-角色」没有操作「审核」',
    })
    expect(normaliseRoleGrant({}, ['/organizationalStructure'])).toEqual({
      ok: false,
      msg: '菜单「/organizationalStructure」不存在',
    })
  })

  it('accepts the full grant and what the editor produces', () => {
    const full = fullRoleGrant()
    expect(normaliseRoleGrant(full.power, full.powerMenuAttrs)).toEqual({ ok: true, grant: full })
    expect(Object.keys(full.power)).toHaveLength(permissionPages.length)
  })
})

describe('editor ticks', () => {
  const article = page('内容-文章')
  const view = article.actions[0]!.key
  const edit = article.actions[2]!.key

  it('ticking the first action of a page ticks its menu; the user may untick it and it stays so', () => {
    let sel = toggleAction(emptySelection(), article, view, true)
    expect([...sel.menus]).toEqual(['/contentArticle'])
    sel = toggleMenu(sel, '/contentArticle', false)
    sel = toggleAction(sel, article, edit, true)
    expect(sel.menus.size).toBe(0)
    // Unticking the last action clears the menu box too.
    sel = toggleMenu(sel, '/contentArticle', true)
    sel = toggleAction(toggleAction(sel, article, view, false), article, edit, false)
    expect(sel.menus.size).toBe(0)
    expect(sel.actions.size).toBe(0)
  })

  it('shows all / some / none for pages and groups, and select-all sets every action and menu', () => {
    let sel = emptySelection()
    expect(pageState(sel, article)).toBe('none')
    sel = toggleAction(sel, article, view, true)
    expect(pageState(sel, article)).toBe('some')
    expect(groupState(sel, group('content'))).toBe('some')
    sel = togglePage(sel, article, true)
    expect(pageState(sel, article)).toBe('all')
    expect(sel.actions.size).toBe(article.actions.length)
    sel = toggleGroup(sel, group('content'), true)
    expect(groupState(sel, group('content'))).toBe('all')
    expect(groupState(sel, group('system'))).toBe('none')
    sel = toggleGroup(sel, group('content'), false)
    expect(sel.actions.size + sel.menus.size).toBe(0)
  })

  it('round-trips between a stored grant and the ticks', () => {
    const sel = togglePage(
      toggleAction(emptySelection(), page('系统-角色'), 'system-role-view', true),
      article,
      true,
    )
    const grant = grantFromSelection(sel)
    expect(grant.powerMenuAttrs).toEqual(['/contentArticle', '/roles'])
    expect(grant.power['系统-角色']).toEqual([
      { actionName: '查看', exists: true },
      { actionName: '添加', exists: false },
      { actionName: '编辑', exists: false },
      { actionName: '删除', exists: false },
    ])
    const back = selectionFromGrant(grant.power, grant.powerMenuAttrs)
    expect([...back.actions].sort()).toEqual([...sel.actions].sort())
    expect([...back.menus].sort()).toEqual([...sel.menus].sort())
  })
})

describe('role bodies', () => {
  it('are strict and trim the name', () => {
    expect(roleFieldsSchema.parse({ name: ' 编辑 ' })).toEqual({
      name: '编辑',
      description: '',
      power: {},
      powerMenuAttrs: [],
      permissionDepartment: '',
    })
    expect(roleFieldsSchema.safeParse({ name: '编辑', roleId: 1 }).success).toBe(false)
    expect(roleModifyBodySchema.safeParse({ id: 2, name: '编辑', extra: 1 }).success).toBe(false)
  })

  it('reads department ids and names copies', () => {
    expect(departmentIds('')).toEqual([])
    expect(departmentIds('3,1,3')).toEqual([3, 1])
    const taken = new Set(['编辑 副本'])
    expect(copyName('编辑', (n) => taken.has(n))).toBe('编辑 副本2')
    expect(copyName('编辑', () => false)).toBe('编辑 副本')
  })
})
