import { screenByPath } from '@moc/domain/catalogue'
import { task } from '@moc/domain/resources/marketing/task'
import { Card, Tabs } from 'antd'
import { lazy, Suspense } from 'react'
import { useSearchParams } from 'react-router'
import { SigninPanel } from './SigninPanel.tsx'
import { TaskSortPanel } from './TaskSortPanel.tsx'

const ResourceList = lazy(() =>
  import('../../../engine/ResourceList.tsx').then((m) => ({ default: m.ResourceList })),
)

const TABS = Object.entries(screenByPath('/taskManage')?.types ?? {})
/** Tabs of this page that are no tab of the task list (whose own tabs 全部/每日/一次性 all belong to 任务列表). */
const OWN = new Set(['sort', 'signin'])

/**
 * 任务管理 (spec §2 /taskManage; decision 0050): the catalogue's tabs — 任务列表 (the engine's task list: search, 新增,
 * 编辑 on /taskDetail, 上线/下线), 任务排序 (every task in the app's order, dragged or moved up and down) and 签到设置
 * (the daily sign-in's points and the 连续签到奖励).
 */
export default function TaskManagePage() {
  const [params, setParams] = useSearchParams()
  const requested = params.get('type') ?? ''
  const active = OWN.has(requested) ? requested : 'list'
  return (
    <Card>
      <Tabs
        activeKey={active}
        onChange={(next) => setParams({ type: next })}
        items={TABS.map(([key, label]) => ({ key, label }))}
        destroyOnHidden
      />
      {active === 'sort' ? (
        <TaskSortPanel />
      ) : active === 'signin' ? (
        <SigninPanel />
      ) : (
        <Suspense fallback={null}>
          <ResourceList def={task} />
        </Suspense>
      )}
    </Card>
  )
}
