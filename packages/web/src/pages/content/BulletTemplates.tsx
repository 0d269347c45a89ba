import { BULLET_TEMPLATE_MAX, type BulletTemplate } from '@moc/domain/api/bulletChat'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Drawer, Flex, Input, InputNumber, List, Popconfirm, Switch } from 'antd'
import { useState } from 'react'
import { api } from '../../api/client.ts'

type Action = '添加' | '编辑' | '删除'
const KEY = ['bullet-templates']

/**
 * 弹幕模板 (spec §7 GET/POST /bullet-template, POST /bullet-template/modify): the preset phrases viewers can send
 * with one tap, in sort order; add, edit in place (text, order, 启用), delete with a confirmation.
 */
export function BulletTemplates({
  open,
  onClose,
  may,
}: {
  open: boolean
  onClose: () => void
  may: (a: Action) => boolean
}) {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState('')
  const list = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<BulletTemplate[]>('/api/bullet-template'),
    enabled: open,
  })
  const done = (text: string) => {
    message.success(text, TOAST_SUCCESS_S)
    return queryClient.invalidateQueries({ queryKey: KEY })
  }
  const onError = (err: Error) => message.error(err.message, TOAST_ERROR_S)
  const add = useMutation({
    mutationFn: () =>
      api.post('/api/bullet-template', { content: draft, sort: (list.data?.length ?? 0) + 1 }),
    onSuccess: () => {
      setDraft('')
      return done('保存成功')
    },
    onError,
  })
  const modify = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post('/api/bullet-template/modify', body),
    onSuccess: (_, body) => done(body.remove ? '删除成功' : '保存成功'),
    onError,
  })
  return (
    <Drawer open={open} onClose={onClose} title="弹幕模板" size={520}>
      {may('添加') ? (
        <Flex gap={8} style={{ marginBottom: 16 }}>
          <Input
            aria-label="模板内容"
            placeholder="请输入模板内容"
            value={draft}
            maxLength={BULLET_TEMPLATE_MAX}
            showCount
            onChange={(e) => setDraft(e.target.value)}
          />
          <Button
            type="primary"
            disabled={!draft.trim()}
            loading={add.isPending}
            onClick={() => add.mutate()}
          >
            添加
          </Button>
        </Flex>
      ) : null}
      {list.error ? <Alert type="error" showIcon title={list.error.message} /> : null}
      <List<BulletTemplate>
        bordered
        loading={list.isLoading}
        locale={{ emptyText: '暂无数据' }}
        dataSource={list.data ?? []}
        renderItem={(t) => (
          <List.Item
            actions={[
              <Switch
                key="state"
                aria-label={`启用 ${t.content}`}
                checked={t.state === 1}
                disabled={!may('编辑')}
                onChange={(on) => modify.mutate({ id: t.id, state: on ? 1 : 0 })}
              />,
              may('删除') ? (
                <Popconfirm
                  key="remove"
                  title={`确定删除模板「${t.content}」？`}
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => modify.mutateAsync({ id: t.id, remove: true }).catch(() => undefined)}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              ) : null,
            ]}
          >
            <Flex gap={8} align="center" style={{ width: '100%' }}>
              <InputNumber
                aria-label={`排序 ${t.content}`}
                min={0}
                max={9999}
                defaultValue={t.sort}
                disabled={!may('编辑')}
                style={{ width: 72 }}
                onBlur={(e) => {
                  const sort = Number(e.target.value)
                  if (Number.isInteger(sort) && sort !== t.sort) modify.mutate({ id: t.id, sort })
                }}
              />
              <Input
                aria-label={`模板 ${t.content}`}
                defaultValue={t.content}
                maxLength={BULLET_TEMPLATE_MAX}
                disabled={!may('编辑')}
                onBlur={(e) => {
                  const content = e.target.value.trim()
                  if (content && content !== t.content) modify.mutate({ id: t.id, content })
                }}
              />
            </Flex>
          </List.Item>
        )}
      />
    </Drawer>
  )
}
