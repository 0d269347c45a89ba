import { useCallback } from 'react'
import type { Location } from 'react-router'
import { leavesScreen } from '../shell/pageTabsState.ts'
import { usePageTabsOn } from './usePageTabsOn.ts'

/**
 * For a screen that asks before unsaved edits are left (a router blocker): whether a navigation takes it away, given
 * 多页签 (decision 0036). Switching to another tab does not, the screen stays as it is; 返回 to its list, another
 * screen in its tab or closing its tab does. Without 多页签, any other screen does.
 */
export function useLeavesScreen() {
  const pageTabs = usePageTabsOn()
  return useCallback(
    ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) =>
      leavesScreen(currentLocation, nextLocation, pageTabs),
    [pageTabs],
  )
}
