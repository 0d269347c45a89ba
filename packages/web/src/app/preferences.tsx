import {
  defaultPreferences,
  type LayoutState,
  type Preferences,
  preferencesSchema,
} from '@moc/domain/api/session'
import type { TableSettings } from '@moc/domain/api/tableSettings'
import type { MenuLanguage } from '@moc/domain/catalogue'
import { withTableSettings } from '@moc/domain/rules/columnSettings'
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import { api } from '../api/client.ts'
import { currentUser, getToken } from '../api/session.ts'

const storageKey = () => `moc:preferences:${currentUser()?.id ?? 'anonymous'}`

function readLocal(): Preferences {
  try {
    const parsed = preferencesSchema.safeParse(JSON.parse(localStorage.getItem(storageKey()) ?? 'null'))
    return parsed.success ? parsed.data : defaultPreferences
  } catch {
    return defaultPreferences
  }
}

interface PreferencesApi {
  preferences: Preferences
  setLayout(next: LayoutState): void
  setLanguage(lang: MenuLanguage): void
  /** 多页签 on or off (theme panel). */
  setPageTabs(on: boolean): void
  /** One list's column settings (列设置), by its key (the screen path). */
  setTableSettings(key: string, settings: TableSettings): void
}

const PreferencesContext = createContext<PreferencesApi | null>(null)

/**
 * Layout state, menu language, 多页签 and column settings, per user: applied at once from local storage (no flash on
 * reload), then confirmed from the server, and saved to both on every change.
 */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [preferences, setPreferences] = useState<Preferences>(readLocal)

  useEffect(() => {
    const reload = () => {
      setPreferences(readLocal())
      if (getToken())
        api
          .get<Preferences>('/api/admin/preferences')
          .then((p) => {
            localStorage.setItem(storageKey(), JSON.stringify(p))
            setPreferences(p)
          })
          .catch(() => {})
    }
    reload()
    window.addEventListener('moc:session', reload)
    return () => window.removeEventListener('moc:session', reload)
  }, [])

  const save = useCallback((next: Preferences) => {
    setPreferences(next)
    localStorage.setItem(storageKey(), JSON.stringify(next))
    if (getToken()) api.post('/api/admin/preferences', next).catch(() => {})
  }, [])

  const value = useMemo<PreferencesApi>(
    () => ({
      preferences,
      setLayout: (layout) => save({ ...preferences, layout }),
      setLanguage: (language) => save({ ...preferences, language }),
      setPageTabs: (pageTabs) => save({ ...preferences, pageTabs }),
      setTableSettings: (key, settings) =>
        save({ ...preferences, tables: withTableSettings(preferences.tables, key, settings) }),
    }),
    [preferences, save],
  )
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>
}

export function usePreferences(): PreferencesApi {
  const ctx = useContext(PreferencesContext)
  if (!ctx) throw new Error('usePreferences outside PreferencesProvider')
  return ctx
}
