import { TOAST_ERROR_S } from '@moc/domain/constants'
import { App, Flex } from 'antd'
import { api } from '../api/client.ts'
import { sameTitleFound } from './formValues.ts'

export const DUPLICATE_TITLE_CONFIRM = '有重复内容标题，是否继续保存？'

/**
 * Spec §5 duplicate title, before a save: another item with this title asks 继续 / 取消 (with a link to
 * /contentManager?repeatTitle=…); a failed lookup blocks saving. Resolves whether to save; `onError` gets the
 * blocking message (also shown as a toast).
 */
export function useTitleCheck(sameUrl: string | undefined, kind: string | undefined) {
  const { message, modal } = App.useApp()
  return async (title: string, id: number | undefined, onError: (text: string) => void): Promise<boolean> => {
    if (!sameUrl || !title) return true
    let found: boolean
    try {
      found = sameTitleFound(await api.get<unknown>(sameUrl, { title, kind, id }))
    } catch (err) {
      const text = `重复标题检查失败，未保存：${err instanceof Error ? err.message : '网络错误'}`
      onError(text)
      message.error(text, TOAST_ERROR_S)
      return false
    }
    if (!found) return true
    return new Promise<boolean>((resolve) => {
      modal.confirm({
        title: '提示',
        content: (
          <Flex vertical gap={8}>
            <span>{DUPLICATE_TITLE_CONFIRM}</span>
            <a
              href={`/contentManager?repeatTitle=${encodeURIComponent(title)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              查看重复标题的内容
            </a>
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
