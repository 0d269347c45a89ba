import type { LayoutState } from '../api/session.ts'

/** The sidebar each content width brings with it (spec §2 theme settings panel). */
const sidebarForWidth = {
  boxed: 'icon',
  fluid: 'dark',
  scrollable: 'dark',
} as const satisfies Record<LayoutState['layoutWidth'], LayoutState['leftSidebarType']>

/**
 * One change made in the theme settings panel, with the spec's coupling rules applied:
 * - choosing a width also sets the sidebar (boxed → icon, fluid or scrollable → dark), even when the
 *   width is already selected, so re-choosing a width restores its sidebar; an explicit sidebar in the
 *   same patch wins;
 * - sidebar options apply only to the vertical layout and topbar options only to the horizontal one
 *   (judged after the patch's own layoutType), otherwise they are ignored;
 * - switching layoutType leaves sidebar and topbar as they were, so each layout keeps its own choice.
 */
export function applyLayoutChange(state: LayoutState, patch: Partial<LayoutState>): LayoutState {
  const next: LayoutState = { ...state }
  if (patch.layoutType !== undefined) next.layoutType = patch.layoutType
  if (patch.layoutWidth !== undefined) {
    next.layoutWidth = patch.layoutWidth
    next.leftSidebarType = sidebarForWidth[patch.layoutWidth]
  }
  if (patch.leftSidebarType !== undefined && next.layoutType === 'vertical')
    next.leftSidebarType = patch.leftSidebarType
  if (patch.topbar !== undefined && next.layoutType === 'horizontal') next.topbar = patch.topbar
  if (patch.loader !== undefined) next.loader = patch.loader
  return next
}
