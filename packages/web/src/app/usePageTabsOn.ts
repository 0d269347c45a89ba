import { usePreferences } from './preferences.tsx'

/** Whether 多页签 is on for the user (decision 0036): on unless switched off in the theme panel. */
export function usePageTabsOn(): boolean {
  return usePreferences().preferences.pageTabs !== false
}
