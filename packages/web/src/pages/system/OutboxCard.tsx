import { Alert, Button, Card, Flex, Form } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { ReactNode } from 'react'
import { PagedTable } from '../../widgets/PagedTable.tsx'
import { SearchButtons } from '../../widgets/SearchButtons.tsx'
import { usePagedQuery } from '../../widgets/usePagedQuery.ts'

/**
 * A built-in provider's outbox (短信发件箱, 推送发件箱): what it "sent" while no vendor is connected — the notice saying
 * so, a search over `fields`, 刷新, and the rows of `url` page by page.
 */
export function OutboxCard<Row extends { id: number }>(props: {
  notice: string
  name: string
  url: string
  fields: ReactNode
  columns: ColumnsType<Row>
}) {
  const [form] = Form.useForm()
  const { list, pagination, search } = usePagedQuery<Row>(props.name, props.url)
  return (
    <Card>
      <Alert type="info" showIcon title={props.notice} style={{ marginBottom: 16 }} />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Form form={form} name={`${props.name}-search`} layout="inline" onFinish={search}>
          {props.fields}
          <SearchButtons onReset={() => search({})} />
        </Form>
        <Button onClick={() => void list.refetch()} loading={list.isFetching}>
          刷新
        </Button>
      </Flex>
      <PagedTable<Row> list={list} pagination={pagination} columns={props.columns} />
    </Card>
  )
}
