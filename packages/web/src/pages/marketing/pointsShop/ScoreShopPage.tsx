import { shopItem } from '@moc/domain/resources/marketing/shopItem'
import { shopOrder } from '@moc/domain/resources/marketing/shopOrder'
import { Card, Tabs } from 'antd'
import { lazy, Suspense } from 'react'
import { useSearchParams } from 'react-router'
import { ShopEntranceForm } from './ShopEntranceForm.tsx'

const ResourceList = lazy(() =>
  import('../../../engine/ResourceList.tsx').then((m) => ({ default: m.ResourceList })),
)

const PANEL = 'panel'
const PANELS = [
  { key: 'entrance', label: '入口设置' },
  { key: 'items', label: '兑换商品', def: shopItem },
  { key: 'orders', label: '兑换记录', def: shopOrder },
] as const

/**
 * 积分商城 (spec §2 /ScoreShopEntrance; decision 0051): the entrance the app shows (入口设置), the items points buy
 * (兑换商品: the engine's list of shopItem — 新增, 编辑, 上架/下架, 排序) and what app users redeemed (兑换记录: the
 * engine's list of shopOrder — 发货, 积分调整, 导出). One panel at a time, chosen by `panel` in the URL: the two engine
 * lists would share the URL's page and search.
 */
export default function ScoreShopPage() {
  const [params, setParams] = useSearchParams()
  const panel = PANELS.find((p) => p.key === params.get(PANEL)) ?? PANELS[0]
  const choose = (key: string) => setParams(key === PANELS[0].key ? {} : { [PANEL]: key })
  return (
    <Card>
      <Tabs
        activeKey={panel.key}
        onChange={choose}
        items={PANELS.map((p) => ({ key: p.key, label: p.label }))}
      />
      {'def' in panel ? (
        <Suspense fallback={null}>
          <ResourceList key={panel.key} def={panel.def} />
        </Suspense>
      ) : (
        <ShopEntranceForm />
      )}
    </Card>
  )
}
