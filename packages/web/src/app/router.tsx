import { screens } from '@moc/domain/catalogue'
import type { Screen } from '@moc/domain/catalogue/types'
import { createElement, Suspense } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import PendingScreen from '../pages/common/PendingScreen.tsx'
import { RouteError } from '../pages/common/RouteError.tsx'
import { ConsoleLayout } from '../shell/ConsoleLayout.tsx'
import { Loading } from '../widgets/Loading.tsx'
import { RedirectIfSignedIn, RequireSession, ScreenGuard } from './guards.tsx'
import { publicScreens, screenRegistry } from './screenRegistry.ts'

function screenElement(screen: Screen) {
  const Page = screenRegistry[screen.path] ?? PendingScreen
  return (
    <ScreenGuard screen={screen}>
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </ScreenGuard>
  )
}

function publicElement(path: string) {
  const Page = publicScreens[path]!
  const page = (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  )
  return path === '/register' || path === '/forgot-password' ? (
    <RedirectIfSignedIn>{page}</RedirectIfSignedIn>
  ) : (
    page
  )
}

/** An external tool's window (/webcut, /yunjian): signed in, but not inside the shell. */
function toolElement(screen: Screen) {
  return (
    <RequireSession>
      <ScreenGuard screen={screen}>
        <Suspense fallback={<Loading />}>
          {createElement(screenRegistry[screen.path] ?? PendingScreen)}
        </Suspense>
      </ScreenGuard>
    </RequireSession>
  )
}

/** Routes as data: every catalogue screen, public ones and external tools outside the shell, the rest inside it. */
export function buildRoutes(): RouteObject[] {
  const inShell = screens.filter((s) => !s.public && !s.external)
  return [
    { path: '/', element: <Navigate to="/dashboard" replace /> },
    ...Object.keys(publicScreens).map((path) => ({
      path,
      element: publicElement(path),
      errorElement: <RouteError />,
    })),
    ...screens
      .filter((s) => s.external)
      .map((s) => ({ path: s.path, element: toolElement(s), errorElement: <RouteError /> })),
    {
      element: (
        <RequireSession>
          <ConsoleLayout />
        </RequireSession>
      ),
      errorElement: <RouteError />,
      children: inShell.map((s) => ({ path: s.path, element: screenElement(s) })),
    },
    { path: '*', element: <Navigate to="/404" replace /> },
  ]
}

export const router = createBrowserRouter(buildRoutes())
