import { describe, expect, it } from 'vitest'
import { defaultLayout, type LayoutState } from '../src/api/session.ts'
import { applyLayoutChange } from '../src/rules/layout.ts'

const vertical: LayoutState = { ...defaultLayout, layoutType: 'vertical' }
const horizontal: LayoutState = { ...defaultLayout, layoutType: 'horizontal' }

describe('applyLayoutChange', () => {
  it('boxed width sets the sidebar to icon', () => {
    const next = applyLayoutChange({ ...vertical, leftSidebarType: 'light' }, { layoutWidth: 'boxed' })
    expect(next).toMatchObject({ layoutWidth: 'boxed', leftSidebarType: 'icon' })
  })

  it.each(['fluid', 'scrollable'] as const)('%s width sets the sidebar to dark', (layoutWidth) => {
    const next = applyLayoutChange(
      { ...vertical, layoutWidth: 'boxed', leftSidebarType: 'icon' },
      { layoutWidth },
    )
    expect(next).toMatchObject({ layoutWidth, leftSidebarType: 'dark' })
  })

  it('re-choosing the current width still applies its sidebar', () => {
    const next = applyLayoutChange({ ...vertical, leftSidebarType: 'colored' }, { layoutWidth: 'fluid' })
    expect(next.leftSidebarType).toBe('dark')
  })

  it('width coupling also holds in the horizontal layout, ready for a switch back', () => {
    expect(applyLayoutChange(horizontal, { layoutWidth: 'boxed' }).leftSidebarType).toBe('icon')
  })

  it('an explicit sidebar in the same patch wins over the width coupling', () => {
    const next = applyLayoutChange(vertical, { layoutWidth: 'boxed', leftSidebarType: 'light' })
    expect(next).toMatchObject({ layoutWidth: 'boxed', leftSidebarType: 'light' })
  })

  it('sidebar options apply to the vertical layout only', () => {
    expect(applyLayoutChange(vertical, { leftSidebarType: 'compact' }).leftSidebarType).toBe('compact')
    expect(applyLayoutChange(horizontal, { leftSidebarType: 'compact' })).toEqual(horizontal)
  })

  it('topbar options apply to the horizontal layout only', () => {
    expect(applyLayoutChange(horizontal, { topbar: 'colored' }).topbar).toBe('colored')
    expect(applyLayoutChange(vertical, { topbar: 'colored' })).toEqual(vertical)
  })

  it('judges sidebar and topbar against the layout the patch switches to', () => {
    expect(applyLayoutChange(vertical, { layoutType: 'horizontal', topbar: 'dark' }).topbar).toBe('dark')
    expect(
      applyLayoutChange(horizontal, { layoutType: 'vertical', leftSidebarType: 'light' }).leftSidebarType,
    ).toBe('light')
  })

  it('switching layout keeps each layout’s own sidebar and topbar choice', () => {
    const start: LayoutState = { ...vertical, leftSidebarType: 'colored', topbar: 'dark' }
    const there = applyLayoutChange(start, { layoutType: 'horizontal' })
    expect(there).toEqual({ ...start, layoutType: 'horizontal' })
    expect(applyLayoutChange(there, { layoutType: 'vertical' })).toEqual(start)
  })

  it('toggles the preloader without touching anything else', () => {
    expect(applyLayoutChange(vertical, { loader: true })).toEqual({ ...vertical, loader: true })
  })

  it('ignores undefined fields and does not mutate its input', () => {
    const input = { ...vertical }
    const next = applyLayoutChange(input, { layoutType: undefined, topbar: undefined })
    expect(next).toEqual(vertical)
    expect(next).not.toBe(input)
    applyLayoutChange(input, { layoutWidth: 'boxed' })
    expect(input).toEqual(vertical)
  })
})
