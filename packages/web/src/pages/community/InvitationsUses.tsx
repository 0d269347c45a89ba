import type { InvitationUse } from '@moc/domain/api/communityUsers'
import { Card, Form, Input, Table } from 'antd'
import { formatTime } from '../../engine/displayValue.ts'
import { SearchButtons } from '../../widgets/SearchButtons.tsx'
import { usePagedQuery } from '../../widgets/usePagedQuery.ts'

/** 使用记录: sign-ups with invitation codes, newest first, searchable by code. */
export function InvitationsUses() {
  const uses = usePagedQuery<InvitationUse>('invitation-uses', '/api/invitationCode/uses')
  return (
    <Card title="使用记录" style={{ marginTop: 16 }}>
      <Form layout="inline" name="invitation-uses" onFinish={uses.search}>
        <Form.Item label="邀请码" name="code">
          <Input allowClear maxLength={20} placeholder="请输入邀请码" />
        </Form.Item>
        <SearchButtons onReset={() => uses.search({})} />
      </Form>
      <Table<InvitationUse>
        aria-label="使用记录"
        style={{ marginTop: 16 }}
        rowKey="id"
        size="small"
        loading={uses.list.isFetching}
        dataSource={uses.list.data?.items}
        pagination={uses.pagination}
        locale={{ emptyText: '暂无数据' }}
        columns={[
          { key: 'code', title: '邀请码', dataIndex: 'code' },
          { key: 'nickname', title: '用户昵称', dataIndex: 'nickname' },
          { key: 'phone', title: '手机号', dataIndex: 'phone', render: (v: string) => v || '--' },
          { key: 'usedAt', title: '使用时间', dataIndex: 'usedAt', render: formatTime },
        ]}
      />
    </Card>
  )
}
