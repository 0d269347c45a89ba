import { screenByPath } from '@moc/domain/catalogue'
import { TOAST_ERROR_S } from '@moc/domain/constants'
import { canOpen } from '@moc/domain/permissions/can'
import { App, Flex, Table, Tag } from 'antd'
import { api } from '../api/client.ts'
import { currentGrant } from '../api/session.ts'
import { sameTitleFound } from './formValues.ts'
import { type SameTitleRow, sameTitleRows } from './sameTitle.ts'
import type { StatusNames } from './statusNames.ts'
import { useStatusNames } from './useStatusNames.ts'

export const DUPLICATE_TITLE_CONFIRM = '有重复内容标题，是否继续保存？'

const REPEAT_TITLE_SCREEN = '/contentManager'

/** The items with the same title, in the confirm dialog itself: every editor sees them, whatever they may open. */
function SameTitleTable({ rows, names }: { rows: SameTitleRow[]; names: StatusNames }) {
  return (
    <Table<SameTitleRow>
      aria-label="重复标题的内容"
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ y: 240 }}
      dataSource={rows}
      columns={[
        { key: 'title', title: '标题', dataIndex: 'title', ellipsis: true },
        { key: 'type', title: '类型', dataIndex: 'type', width: 90 },
        {
          key: 'state',
          title: '状态',
          dataIndex: 'verifyState',
          width: 90,
          render: (v: unknown) => {
            const s = names.verifyState(v)
            return s ? <Tag color={s.color}>{s.text}</Tag> : '--'
          },
        },
        {
          key: 'creator',
          title: '创建人',
          dataIndex: 'creatorName',
          width: 110,
          render: (v: string) => v || '--',
        },
      ]}
    />
  )
}

/**
 * Spec §5 duplicate title, before a save: another item with this title asks 继续 / 取消, listing those items
 * (标题, 类型, 状态, 创建人) and, for whoever may open 全部内容, linking to /contentManager?repeatTitle=…; a
 * failed lookup blocks saving. Resolves whether to save; `onError` gets the blocking message (also a toast).
 */
export function useTitleCheck(sameUrl: string | undefined, kind: string | undefined) {
  const { message, modal } = App.useApp()
  const names = useStatusNames()
  return async (title: string, id: number | undefined, onError: (text: string) => void): Promise<boolean> => {
    if (!sameUrl || !title) return true
    let data: unknown
    try {
      data = await api.get<unknown>(sameUrl, { title, kind, id })
    } catch (err) {
      const text = `重复标题检查失败，未保存：${err instanceof Error ? err.message : '网络错误'}`
      onError(text)
      message.error(text, TOAST_ERROR_S)
      return false
    }
    if (!sameTitleFound(data)) return true
    const mayOpenList = canOpen(currentGrant(), screenByPath(REPEAT_TITLE_SCREEN)?.permission)
    return new Promise<boolean>((resolve) => {
      modal.confirm({
        title: '提示',
        width: 640,
        content: (
          <Flex vertical gap={8}>
            <span>{DUPLICATE_TITLE_CONFIRM}</span>
            <SameTitleTable rows={sameTitleRows(data)} names={names} />
            {mayOpenList ? (
              <a
                href={`${REPEAT_TITLE_SCREEN}?repeatTitle=${encodeURIComponent(title)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                查看重复标题的内容
              </a>
            ) : null}
          </Flex>
        ),
        okText: '继续',
        cancelText: '取消',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      })
    })
  }
}
