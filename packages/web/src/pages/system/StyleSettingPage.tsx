import { defaultLayout, type LayoutState } from '@moc/domain/api/session'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Col, Flex, Popconfirm, Row, Typography } from 'antd'
import { useState } from 'react'
import { api } from '../../api/client.ts'
import { currentGrant } from '../../api/session.ts'
import { LayoutChoices } from '../../shell/LayoutChoices.tsx'
import './settings.css'

const PAGE = '系统-样式设置'
const QUERY_KEY = ['style-defaults']
const BAR_KEYS = ['a', 'b', 'c', 'd', 'e']
const same = (a: LayoutState, b: LayoutState) =>
  (Object.keys(defaultLayout) as (keyof LayoutState)[]).every((k) => a[k] === b[k])

/** A small drawing of the console with the chosen layout, sidebar, top bar and width. */
function Preview({ layout }: { layout: LayoutState }) {
  const vertical = layout.layoutType === 'vertical'
  const topbar = vertical ? 'light' : layout.topbar
  const bars = (n: number) =>
    BAR_KEYS.slice(0, n).map((k) => <span key={k} className="moc-style-preview__bar" />)
  return (
    <figure style={{ margin: 0 }}>
      <div
        className={`moc-style-preview moc-style-preview--${layout.layoutWidth}`}
        role="img"
        aria-label={`预览：${vertical ? '垂直' : '水平'}布局`}
      >
        <div className={`moc-style-preview__top moc-style-preview__top--${topbar}`}>
          {bars(vertical ? 1 : 4)}
        </div>
        <div className="moc-style-preview__body">
          {vertical ? (
            <div className={`moc-style-preview__side moc-style-preview__side--${layout.leftSidebarType}`}>
              {bars(5)}
            </div>
          ) : null}
          <div className="moc-style-preview__main">
            {layout.loader ? <span className="moc-style-preview__loader">● 预加载动画</span> : null}
            <div className="moc-style-preview__card" />
            <div className="moc-style-preview__card" />
            <div className="moc-style-preview__card" />
          </div>
        </div>
      </div>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
        {layout.layoutWidth === 'boxed'
          ? '盒式：内容居中定宽'
          : layout.layoutWidth === 'scrollable'
            ? '可滚动：整页滚动'
            : '流式：内容铺满'}
      </Typography.Text>
    </figure>
  )
}

/**
 * 样式设置: the platform-wide defaults of the theme settings panel. Accounts that never saved their own
 * layout get these when they sign in; the same choices and coupling rules as the panel apply.
 */
export default function StyleSettingPage() {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const mayEdit = can(currentGrant(), PAGE, '编辑')
  const saved = useQuery({ queryKey: QUERY_KEY, queryFn: () => api.get<LayoutState>('/api/setting/style') })
  const [draft, setDraft] = useState<LayoutState | undefined>(undefined)
  const layout = draft ?? saved.data ?? defaultLayout
  const dirty = draft !== undefined && saved.data !== undefined && !same(draft, saved.data)

  const save = useMutation({
    mutationFn: ({ next }: { next: LayoutState; done: string }) =>
      api.post('/api/setting/style/update', next),
    onSuccess: async (_, { done }) => {
      message.success(done, TOAST_SUCCESS_S)
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY })
      setDraft(undefined)
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })

  return (
    <Card title="样式设置">
      <Alert
        type="info"
        showIcon
        title="未保存过个人界面设置的账号登录后使用此处的样式；账号在主题设置中修改后以其个人设置为准。"
        style={{ marginBottom: 16 }}
      />
      {saved.error ? (
        <Alert type="error" showIcon title={saved.error.message} style={{ marginBottom: 16 }} />
      ) : null}
      <Row gutter={[32, 16]}>
        <Col xs={24} lg={12}>
          <LayoutChoices
            layout={layout}
            onChange={setDraft}
            idPrefix="moc-style"
            disabled={!mayEdit || saved.isLoading}
          />
          {mayEdit ? (
            <Flex gap={8}>
              <Button
                type="primary"
                disabled={!dirty}
                loading={save.isPending && save.variables?.next === draft}
                onClick={() => draft && save.mutate({ next: draft, done: '保存成功' })}
              >
                保存
              </Button>
              <Popconfirm
                title="恢复默认样式？"
                description="平台默认样式将恢复为系统内置的样式（垂直、流式、深色侧边栏、浅色顶栏、无预加载动画）。"
                okText="确定"
                cancelText="取消"
                onConfirm={() => save.mutateAsync({ next: defaultLayout, done: '已恢复默认' })}
              >
                <Button>恢复默认</Button>
              </Popconfirm>
            </Flex>
          ) : null}
        </Col>
        <Col xs={24} lg={12}>
          <Typography.Text strong style={{ display: 'block', marginBottom: 6 }}>
            预览
          </Typography.Text>
          <Preview layout={layout} />
        </Col>
      </Row>
    </Card>
  )
}
