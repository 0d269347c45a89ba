import { menuLanguages } from '@moc/domain/catalogue'
import { TOAST_SUCCESS_S } from '@moc/domain/constants'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { App as AntApp, ConfigProvider, message } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { useEffect } from 'react'
import { RouterProvider } from 'react-router/dom'
import { cspNonce } from './cspNonce.ts'
import { PreferencesProvider, usePreferences } from './preferences.tsx'
import { router } from './router.tsx'
import { useReducedMotion } from './useReducedMotion.ts'

dayjs.locale('zh-cn')
message.config({ duration: TOAST_SUCCESS_S, maxCount: 3 })

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
})

function Themed() {
  const { preferences } = usePreferences()
  const reducedMotion = useReducedMotion()
  const direction = menuLanguages.find((l) => l.code === preferences.language)?.dir ?? 'ltr'
  useEffect(() => {
    document.documentElement.dir = direction
    document.documentElement.lang = preferences.language === 'zh' ? 'zh-CN' : preferences.language
  }, [direction, preferences.language])
  return (
    <ConfigProvider
      locale={zhCN}
      direction={direction}
      csp={cspNonce ? { nonce: cspNonce } : undefined}
      theme={{ token: { colorPrimary: '#1e6fd9', motion: !reducedMotion } }}
    >
      <AntApp message={{ duration: TOAST_SUCCESS_S, maxCount: 3 }}>
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  )
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <PreferencesProvider>
        <Themed />
      </PreferencesProvider>
    </QueryClientProvider>
  )
}
