import { screenByPath } from '@moc/domain/catalogue'
import { Card, Tabs } from 'antd'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { AuditSettingTab } from './auditProcess/AuditSettingTab.tsx'
import { AuditStatusTab } from './auditProcess/AuditStatusTab.tsx'
import { ProcessLibraryTab } from './auditProcess/ProcessLibraryTab.tsx'

const tabs = Object.entries(screenByPath('/auditProcess')?.types ?? {})
const panels: Record<string, () => ReactNode> = {
  processLibrary: () => <ProcessLibraryTab />,
  auditStatus: () => <AuditStatusTab />,
  auditSetting: () => <AuditSettingTab />,
}

/**
 * 审核流程 (spec §2 /auditProcess): the catalogue's `type` tabs — 流程库 (processes and their nodes),
 * 审核状态 (the names of the review states), 审核设置 (each review type's process and 禁止本人审核).
 */
export default function AuditProcessPage() {
  const [params, setParams] = useSearchParams()
  const requested = params.get('type')
  const type = tabs.some(([key]) => key === requested) ? requested! : (tabs[0]?.[0] ?? '')
  return (
    <Card>
      <Tabs
        activeKey={type}
        onChange={(next) => setParams({ type: next })}
        items={tabs.map(([key, label]) => ({ key, label }))}
        destroyOnHidden
      />
      {panels[type]?.()}
    </Card>
  )
}
