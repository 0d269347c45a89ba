import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import type { ResourceDef } from '@moc/domain/resources/types'
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { App, Button, Popconfirm } from 'antd'
import type { ReactNode } from 'react'
import { api } from '../api/client.ts'
import { currentGrant } from '../api/session.ts'
import { checkSensitiveContent, useSensitiveReview } from '../widgets/SensitiveReviewDialog.tsx'
import {
  applicableIds,
  reviewApi,
  rowWorkflowActions,
  type WorkflowAction,
  workflowActions,
  workflowBody,
  workflowTextOf,
} from './review.ts'

export const PENDING_COUNTS_KEY = ['pending-counts'] as const
export const reviewQueueKey = (def: ResourceDef) => ['review-queue', def.name] as const

/** After any transition: lists, details, queues and the menu badges of that type show the new state. */
export function invalidateReview(queryClient: QueryClient, def: ResourceDef) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['resource-list', def.name] }),
    queryClient.invalidateQueries({ queryKey: ['resource-detail', def.name] }),
    queryClient.invalidateQueries({ queryKey: ['review-log', def.name] }),
    queryClient.invalidateQueries({ queryKey: reviewQueueKey(def) }),
    queryClient.invalidateQueries({ queryKey: PENDING_COUNTS_KEY }),
  ])
}

/** Sends one editor-side transition (submit, revert, publish without review, take down). */
export function sendWorkflow(def: ResourceDef, action: WorkflowAction, ids: number[]) {
  return api.post(reviewApi(def)[action], workflowBody(def, action, ids))
}

/**
 * The review transitions of a content list (spec §4): row buttons with a confirmation, batch buttons that
 * act on the selected rows the transition applies to, each gated by the definition's actions and the grant.
 */
export function useWorkflow(def: ResourceDef, { onDone }: { onDone?: () => void } = {}) {
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const allowed = workflowActions(def, currentGrant())
  const text = workflowTextOf(def)

  const run = useMutation({
    mutationFn: ({ action, ids }: { action: WorkflowAction; ids: number[] }) =>
      sendWorkflow(def, action, ids),
    onSuccess: (_, { action }) => {
      message.success(text[action].done, TOAST_SUCCESS_S)
      onDone?.()
      return invalidateReview(queryClient, def)
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })
  const sensitiveReview = useSensitiveReview()
  /** Sends a transition; a submission first passes the sensitive review of the stored items (decision 0010). */
  const send = async (action: WorkflowAction, ids: number[]) => {
    // The stored-items check reads the content table; a record type's submission is checked by the server alone
    // (block-level words refused, decision 0037).
    const kind = reviewApi(def).kind
    if (action === 'submit' && kind) {
      const reviewed = await checkSensitiveContent(kind, ids).catch((err: Error) => {
        message.error(err.message, TOAST_ERROR_S)
        return undefined
      })
      if (!reviewed || !(await sensitiveReview(reviewed, 'submit'))) return
    }
    await run.mutateAsync({ action, ids }).catch(() => undefined)
  }
  const busy = (action: WorkflowAction, id?: number) =>
    run.isPending && run.variables?.action === action && (id === undefined || run.variables.ids.includes(id))

  const rowButtons = (row: { id: number; title?: unknown; verifyState?: unknown }): ReactNode[] =>
    rowWorkflowActions(allowed, row.verifyState).map((action) => (
      <Popconfirm
        key={action}
        title={text[action].confirm.replace(
          /选中的\{n\}条(待审核)?内容/,
          `「${String(row.title ?? row.id)}」`,
        )}
        okText="确定"
        cancelText="取消"
        onConfirm={() => {
          void send(action, [row.id])
        }}
      >
        <Button type="link" size="small" danger={action === 'takeDown'} loading={busy(action, row.id)}>
          {text[action].button}
        </Button>
      </Popconfirm>
    ))

  const confirmBatch = (action: WorkflowAction, rows: { id: number; verifyState?: unknown }[]) => {
    const ids = applicableIds(action, rows)
    if (!ids.length) {
      message.warning(`选中的内容中没有可${text[action].button}的内容`)
      return
    }
    modal.confirm({
      title: '提示',
      content: text[action].confirm.replace('{n}', String(ids.length)),
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: action === 'takeDown' },
      // Closes at once: a sensitive review, when needed, opens its own dialog.
      onOk: () => {
        void send(action, ids)
      },
    })
  }

  const batchButtons = (selectedRows: { id: number; verifyState?: unknown }[]): ReactNode[] =>
    allowed.map((action) => (
      <Button
        key={action}
        danger={action === 'takeDown'}
        disabled={selectedRows.length === 0}
        loading={busy(action) && run.variables?.ids.length !== 1}
        onClick={() => confirmBatch(action, selectedRows)}
      >
        批量{text[action].button}
      </Button>
    ))

  return { allowed, run, rowButtons, batchButtons }
}

/** 通过 / 驳回 on a review queue (spec §7 review centre), with the badges and lists refreshed after. */
export function useReviewDecision(def: ResourceDef, { onDone }: { onDone?: () => void } = {}) {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const paths = reviewApi(def)
  return useMutation({
    mutationFn: ({ ids, reason }: { ids: number[]; reason?: string }) =>
      reason === undefined
        ? api.post(paths.approve, { resType: paths.resType, ids })
        : api.post(paths.reject, { resType: paths.resType, ids, reason }),
    onSuccess: (_, { reason }) => {
      message.success(reason === undefined ? '审核通过' : '已驳回', TOAST_SUCCESS_S)
      onDone?.()
      return invalidateReview(queryClient, def)
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })
}
