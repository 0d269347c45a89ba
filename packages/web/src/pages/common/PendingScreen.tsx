import { screenByPath } from '@moc/domain/catalogue'
import { Card, Result, Tabs, Typography } from 'antd'
import { useLocation, useSearchParams } from 'react-router'

/**
 * A catalogue screen whose page a later release delivers: its title, its query types as tabs (kept in
 * the URL, as the finished list will read them) and a notice saying it is not open yet.
 */
export default function PendingScreen() {
  const { pathname } = useLocation()
  const [params, setParams] = useSearchParams()
  const screen = screenByPath(pathname)
  const title = screen?.title ?? '功能页面'
  const param = screen?.typeParam ?? 'type'
  const types = Object.entries(screen?.types ?? {})
  const requested = params.get(param)
  const active = types.some(([key]) => key === requested) ? requested! : types[0]?.[0]

  const selectType = (key: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev)
      next.set(param, key)
      return next
    })

  const body = (
    <Card>
      <Typography.Title level={4}>{title}</Typography.Title>
      {types.length > 0 ? (
        <Tabs
          activeKey={active}
          onChange={selectType}
          items={types.map(([key, label]) => ({ key, label }))}
        />
      ) : null}
      <Result
        status="info"
        title={`${title}：该功能页面将在后续版本开放`}
        subTitle="敬请期待，如需使用请联系系统管理员。"
      />
    </Card>
  )
  // Outside the shell (/sso/authorize) the page supplies its own margins.
  return screen?.public ? (
    <div style={{ maxWidth: 960, marginInline: 'auto', paddingBlock: 48, paddingInline: 16 }}>{body}</div>
  ) : (
    body
  )
}
