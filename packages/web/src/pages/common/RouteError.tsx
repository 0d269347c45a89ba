import { Button, Result } from 'antd'
import { useRouteError } from 'react-router'

/**
 * Route error element: a screen that failed to load or render (often a chunk replaced by a deploy,
 * after lazyScreen's own reload guard gave up). Details stay in the console, not on screen.
 */
export function RouteError() {
  const error = useRouteError()
  console.error(error)
  return (
    <Result
      status="error"
      title="页面加载失败"
      subTitle="网络异常或系统已更新，请重新加载页面。"
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          重新加载
        </Button>
      }
    />
  )
}
