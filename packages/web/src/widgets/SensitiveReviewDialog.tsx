import {
  type ContentCheckResult,
  type SensitiveCheckInput,
  type SensitiveCheckResult,
  type SensitiveLevel,
  sensitiveLevelLabels,
  wordMessages,
} from '@moc/domain/api/sensitiveWords'
import { Alert, App, Flex, Tag, Typography } from 'antd'
import { api } from '../api/client.ts'

export const levelColors: Record<SensitiveLevel, string> = { block: 'red', replace: 'orange', review: 'blue' }

/** One scanned item: its result and, when several items were scanned, its title. */
export type ReviewedItem = SensitiveCheckResult & { title?: string }

export type SensitivePurpose = 'submit' | 'approve'

const purposeText: Record<SensitivePurpose, { ask: string; stop: string }> = {
  submit: { ask: '确定继续提交审核？', stop: '请修改后再提交审核。' },
  approve: { ask: '确定审核通过？', stop: '不能审核通过，请驳回。' },
}

/** Scans text, rich text and images (what `contentScanInput` reads from an item). */
export const checkSensitive = (input: SensitiveCheckInput) =>
  api.post<SensitiveCheckResult>('/api/sensitive-word/check', input)

/** Scans stored items of a content type (a batch submission from a list). */
export const checkSensitiveContent = (kind: string, ids: number[]) =>
  api
    .post<ContentCheckResult>('/api/sensitive-word/check/content', { kind, ids })
    .then((r) => r.items as ReviewedItem[])

const flaggedOf = (items: readonly ReviewedItem[]) =>
  items.filter((i) => i.words.length > 0 || i.images.flagged.length > 0)

/** The dialog's body: the flagged words of each item with their level, flagged images, the image checker's note. */
export function SensitiveReviewDialog({
  items,
  purpose,
}: {
  items: readonly ReviewedItem[]
  purpose: SensitivePurpose
}) {
  const blocked = [...new Set(items.flatMap((i) => i.blocked))]
  const notes = [...new Set(items.map((i) => i.images.note).filter(Boolean))]
  return (
    <Flex vertical gap={12} className="moc-sensitive-review">
      {blocked.length ? (
        <Alert
          type="error"
          showIcon
          title={`${wordMessages.blocked(blocked)}，${purposeText[purpose].stop}`}
        />
      ) : (
        <Typography.Text>内容中有以下敏感词，请核对。</Typography.Text>
      )}
      {items.map((item, i) => (
        <Flex key={item.title ?? i} vertical gap={6}>
          {item.title !== undefined ? <Typography.Text strong>{item.title}</Typography.Text> : null}
          <Flex wrap gap={6}>
            {item.words.map((w) => (
              <Tag key={w.word} color={levelColors[w.level]}>
                {w.word}（{sensitiveLevelLabels[w.level]}
                {w.count > 1 ? ` ×${w.count}` : ''}）
              </Tag>
            ))}
          </Flex>
          {item.images.flagged.map((img) => (
            <Typography.Text key={img.url} type="danger">
              图片 {img.url}：{img.reason}
            </Typography.Text>
          ))}
        </Flex>
      ))}
      {notes.map((note) => (
        <Typography.Text key={note} type="secondary">
          {note}
        </Typography.Text>
      ))}
      {blocked.length ? null : <Typography.Text>{purposeText[purpose].ask}</Typography.Text>}
    </Flex>
  )
}

/**
 * The sensitive-content review (spec §2) before a submission or an approval: resolves true at once when nothing
 * is flagged; otherwise lists the flagged words and images with 确定 / 取消 and resolves with the choice. A
 * block-level word allows 取消 only (the server refuses it as well).
 */
export function useSensitiveReview() {
  const { modal } = App.useApp()
  return (items: readonly ReviewedItem[], purpose: SensitivePurpose): Promise<boolean> => {
    const flagged = flaggedOf(items)
    if (!flagged.length) return Promise.resolve(true)
    const blocked = flagged.some((i) => i.blocked.length > 0)
    return new Promise((resolve) => {
      modal.confirm({
        title: '敏感内容提示',
        width: 560,
        content: <SensitiveReviewDialog items={flagged} purpose={purpose} />,
        okText: '确定',
        cancelText: '取消',
        okButtonProps: { disabled: blocked },
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      })
    })
  }
}
