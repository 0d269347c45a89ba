import {
  AWARD_KINDS,
  AWARD_SOURCES,
  GRANT_REASON_MAX,
  type PointLogItem,
  type UserAwards,
} from '@moc/domain/api/tasks'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { avatarFrame } from '@moc/domain/resources/marketing/avatarFrame'
import { medal } from '@moc/domain/resources/marketing/medal'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Image,
  Input,
  Modal,
  Select,
  Table,
  Tag,
  Typography,
} from 'antd'
import { useState } from 'react'
import { api } from '../../../api/client.ts'
import { currentGrant } from '../../../api/session.ts'
import { formatTime } from '../../../engine/displayValue.ts'
import { type Paged, usePagedQuery } from '../../../widgets/usePagedQuery.ts'

const DEFS = { medal, avatarFrame } as const
type Kind = keyof typeof DEFS

/** 发放 from the user's page: one medal or frame (enabled) to this user, with a reason (POST /api/<kind>/grant). */
function GrantDialog({ userId, kind, onClose }: { userId: number; kind: Kind; onClose: () => void }) {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<{ awardId: number; reason: string }>()
  const def = DEFS[kind]
  const options = useQuery({
    queryKey: ['award-options', kind],
    queryFn: () =>
      api.get<Paged<{ id: number; name: string; showState: boolean }>>(`/api/${kind}/list`, {
        page: 1,
        pageSize: 100,
      }),
  })
  const grant = useMutation({
    mutationFn: (v: { awardId: number; reason: string }) =>
      api.post(`/api/${kind}/grant`, { ids: [v.awardId], userIds: [userId], reason: v.reason }),
    onSuccess: () => {
      message.success('发放成功', TOAST_SUCCESS_S)
      onClose()
      return queryClient.invalidateQueries({ queryKey: ['user-awards', userId] })
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })
  return (
    <Modal
      open
      title={`发放${def.label}`}
      okText="确定发放"
      cancelText="取消"
      confirmLoading={grant.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name={`grant-${kind}`} onFinish={(v) => grant.mutate(v)}>
        <Form.Item
          label={def.label}
          name="awardId"
          rules={[{ required: true, message: `请选择${def.label}` }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={options.isLoading}
            placeholder={`请选择${def.label}`}
            notFoundContent="暂无数据"
            options={(options.data?.items ?? [])
              .filter((a) => a.showState !== false)
              .map((a) => ({ value: a.id, label: a.name }))}
          />
        </Form.Item>
        <Form.Item label="发放原因" name="reason" rules={[{ required: true, message: '请填写发放原因' }]}>
          <Input.TextArea maxLength={GRANT_REASON_MAX} showCount rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

/**
 * 勋章与头像框 on /userDetail (decision 0050): the medals and frames the user holds — how they came (rule or 发放, by
 * whom, why), the frame worn marked — with 发放 for those who may, and the points history (point_log, newest first,
 * paged) of GET /api/appUser/awards and /api/appUser/pointLog.
 */
export function UserAwardsPanel({ userId }: { userId: number }) {
  const grant = currentGrant()
  const [granting, setGranting] = useState<Kind>()
  const awards = useQuery({
    queryKey: ['user-awards', userId],
    queryFn: () => api.get<UserAwards>('/api/appUser/awards', { id: userId }),
  })
  const log = usePagedQuery<PointLogItem>(`user-points-${userId}`, '/api/appUser/pointLog', { id: userId })
  const data = awards.data
  const mayGrant = (k: Kind) => can(grant, DEFS[k].permissionPage, '发放')
  return (
    <>
      <Card
        title="勋章与头像框"
        extra={
          <Flex gap={8}>
            {(['medal', 'avatarFrame'] as const).filter(mayGrant).map((k) => (
              <Button key={k} size="small" onClick={() => setGranting(k)}>
                发放{DEFS[k].label}
              </Button>
            ))}
          </Flex>
        }
      >
        {awards.error ? <Alert type="error" showIcon title={awards.error.message} /> : null}
        {data && data.items.length === 0 ? <Empty description="暂无勋章或头像框" /> : null}
        <Flex wrap gap={16} role="list" aria-label="勋章与头像框">
          {data?.items.map((a) => (
            <Flex key={a.awardId} role="listitem" vertical align="center" gap={4} style={{ width: 132 }}>
              <Image src={a.image} alt={a.name} width={56} height={56} preview={false} fallback="" />
              <Typography.Text strong>{a.name}</Typography.Text>
              <Flex gap={4} wrap justify="center">
                <Tag>{AWARD_KINDS[a.kind as Kind] ?? a.kind}</Tag>
                {a.kind === 'avatarFrame' && a.awardId === data.wornFrameId ? (
                  <Tag color="green">佩戴中</Tag>
                ) : null}
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
                {AWARD_SOURCES[a.source as keyof typeof AWARD_SOURCES] ?? a.source}
                {a.grantedByName ? `（${a.grantedByName}）` : ''}
                {a.reason ? `：${a.reason}` : ''}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatTime(a.createdAt)}
              </Typography.Text>
            </Flex>
          ))}
        </Flex>
      </Card>
      <Card title={`积分记录（当前积分 ${data?.points ?? '--'}）`}>
        <Table<PointLogItem>
          aria-label="积分记录"
          rowKey="id"
          size="small"
          loading={log.list.isFetching}
          dataSource={log.list.data?.items}
          pagination={log.pagination}
          locale={{ emptyText: log.list.isFetching ? '加载中...' : '暂无数据' }}
          columns={[
            { key: 'createdAt', title: '时间', dataIndex: 'createdAt', render: formatTime },
            { key: 'sourceName', title: '来源', dataIndex: 'sourceName' },
            {
              key: 'delta',
              title: '变动',
              dataIndex: 'delta',
              render: (v: number) => (
                <Typography.Text type={v > 0 ? 'success' : 'danger'}>{v > 0 ? `+${v}` : v}</Typography.Text>
              ),
            },
            { key: 'balance', title: '余额', dataIndex: 'balance' },
            { key: 'remark', title: '备注', dataIndex: 'remark', render: (v: string) => v || '--' },
          ]}
        />
      </Card>
      {granting ? (
        <GrantDialog userId={userId} kind={granting} onClose={() => setGranting(undefined)} />
      ) : null}
    </>
  )
}
