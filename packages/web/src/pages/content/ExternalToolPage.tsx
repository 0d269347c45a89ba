import { type ExternalTool, externalTools, toolMessages } from '@moc/domain/api/tools'
import { isSuperAdmin } from '@moc/domain/permissions/can'
import { useQuery } from '@tanstack/react-query'
import { Button, Flex, Result, Spin } from 'antd'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { api } from '../../api/client.ts'
import { currentGrant } from '../../api/session.ts'

/**
 * /webcut and /yunjian (spec §2): the new window the menu opens. It asks the server for the tool's address (for
 * 云剪辑 with single sign-on, the tool's login address with the console as issuer) and replaces itself with it;
 * an unconfigured tool says so, with the way to the settings for super admins.
 */
export function ExternalToolPage({ tool }: { tool: ExternalTool }) {
  const navigate = useNavigate()
  const launch = useQuery({
    queryKey: ['tool-launch', tool],
    queryFn: () => api.get<{ url: string | null }>('/api/tools/launch', { tool }),
    retry: false,
  })
  const url = launch.data?.url
  useEffect(() => {
    if (url) window.location.replace(url)
  }, [url])
  useEffect(() => {
    document.title = externalTools[tool]
  }, [tool])

  const problem =
    launch.error?.message ?? (launch.data && !url ? toolMessages.notConfigured(tool) : undefined)
  if (!problem)
    return (
      <Flex vertical align="center" justify="center" gap={16} style={{ minHeight: '60vh' }}>
        <Spin size="large" />
        <span>{toolMessages.opening(tool)}</span>
      </Flex>
    )
  return (
    <Result
      status="warning"
      title={`无法打开${externalTools[tool]}`}
      subTitle={problem}
      extra={[
        isSuperAdmin(currentGrant()) ? (
          <Button key="settings" type="primary" onClick={() => navigate('/configure')}>
            前往设置
          </Button>
        ) : null,
        <Button key="home" onClick={() => navigate('/dashboard')}>
          返回工作台
        </Button>,
      ]}
    />
  )
}
