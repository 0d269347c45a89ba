import { buildMenu } from '@moc/domain/catalogue/menu'
import type { Grant } from '@moc/domain/permissions/can'
import { article } from '@moc/domain/resources/article'
import { resources } from '@moc/domain/resources/index'
import { defineResource } from '@moc/domain/resources/types'
import { describe, expect, it } from 'vitest'
import {
  applicableIds,
  badgeEntries,
  checkRejectReason,
  countsByBadge,
  lastRejection,
  logEntries,
  queueRows,
  queueTabs,
  REJECT_REASON_REQUIRED,
  readQueueTab,
  reviewApi,
  reviewDetailPath,
  reviewQueues,
  rowWorkflowActions,
  workflowActions,
  workflowBody,
} from '../src/engine/review.ts'

const superAdmin: Grant = { roleId: 1, power: {}, powerMenuAttrs: [] }
const grantOf = (page: string, actions: string[], menus: string[] = []): Grant => ({
  roleId: 7,
  power: { [page]: actions.map((actionName) => ({ actionName, exists: true })) },
  powerMenuAttrs: menus,
})

describe('workflow actions', () => {
  it('offers every transition of the article to the super admin', () => {
    expect(workflowActions(article, superAdmin)).toEqual(['submit', 'revert', 'publishNoExamine', 'takeDown'])
  })

  it('needs 免审发布 for publishing without review, 撤销审核 for taking down', () => {
    const editor = grantOf('内容-文章', ['查看', '添加', '编辑', '提交审核'])
    expect(workflowActions(article, editor)).toEqual(['submit', 'revert'])
    const lead = grantOf('内容-文章', ['查看', '撤销审核', '免审发布'])
    expect(workflowActions(article, lead)).toEqual(['revert', 'publishNoExamine', 'takeDown'])
  })

  it('offers nothing the definition does not support, and no submit without a review', () => {
    const plain = defineResource({
      name: 'notice',
      label: '通知',
      storage: { table: 'notice' },
      permissionPage: '通知',
      screens: { list: '/notice', detail: '/noticeDetail' },
      fields: { title: { kind: 'text', label: '标题' } },
      list: { types: { list: { label: '列表', where: {} } }, columns: ['title'] },
      actions: ['submit', 'publishNoExamine'],
    })
    expect(workflowActions(plain, superAdmin)).toEqual(['publishNoExamine'])
  })

  it('offers on a row only the transitions from its state', () => {
    const all = workflowActions(article, superAdmin)
    expect(rowWorkflowActions(all, 0)).toEqual(['submit', 'publishNoExamine'])
    expect(rowWorkflowActions(all, 2)).toEqual(['submit', 'publishNoExamine'])
    expect(rowWorkflowActions(all, 3)).toEqual(['revert', 'publishNoExamine'])
    expect(rowWorkflowActions(all, 1)).toEqual(['takeDown'])
    expect(rowWorkflowActions(all, undefined)).toEqual([])
  })

  it('applies a batch to the selected rows it fits', () => {
    const rows = [
      { id: 1, verifyState: 0 },
      { id: 2, verifyState: 3 },
      { id: 3, verifyState: 1 },
      { id: 4, verifyState: 2 },
    ]
    expect(applicableIds('submit', rows)).toEqual([1, 4])
    expect(applicableIds('revert', rows)).toEqual([2])
    expect(applicableIds('takeDown', rows)).toEqual([3])
    expect(applicableIds('publishNoExamine', rows)).toEqual([1, 2, 4])
  })

  it('calls the contract paths with kind (revert takes ids only)', () => {
    const p = reviewApi(article)
    expect(p.submit).toBe('/api/content/examination')
    expect(p.revert).toBe('/api/content/article/revert')
    expect(p.publishNoExamine).toBe('/api/content/publish/noExamine')
    expect(p.takeDown).toBe('/api/content/revoke/batch')
    expect(p.queue).toBe('/api/verify-center/article')
    expect(p.resType).toBe('article')
    expect(workflowBody(article, 'submit', [5])).toEqual({ kind: 'article', ids: [5] })
    expect(workflowBody(article, 'revert', [5])).toEqual({ ids: [5] })
  })
})

describe('review queues', () => {
  it('registers each reviewed definition with its catalogue detail screen', () => {
    expect(reviewDetailPath('/articleAudit')).toBe('/articleAuditDetail')
    // Other reviewed types join as they land: each pair below must be there.
    expect(reviewQueues(resources).map((q) => [q.def.name, q.queue, q.detail])).toEqual(
      expect.arrayContaining([
        ['article', '/articleAudit', '/articleAuditDetail'],
        ['video', '/videoAudit', '/videoAuditDetail'],
        ['collection', '/ablumAudit', '/examineCollectionDetail'],
        ['subject', '/subjectAudit', '/auditDetail'],
        ['discuss', '/auditHotDiscuss', '/examineDiscussDetail'],
      ]),
    )
  })

  it('reads the tab from the URL, pending by default', () => {
    const tabs = queueTabs('/articleAudit')
    expect(tabs).toEqual([
      { key: 'list', label: '待审核' },
      { key: 'wait', label: '审核记录' },
    ])
    expect(readQueueTab(tabs, null)).toBe('list')
    expect(readQueueTab(tabs, 'wait')).toBe('wait')
    expect(readQueueTab(tabs, 'bogus')).toBe('list')
    // The broadcast and TV queues name their records tab `record` (spec §2).
    expect(queueTabs('/auditBroadcast').map((t) => t.key)).toEqual(['list', 'record'])
  })

  it('requires a rejection reason', () => {
    expect(checkRejectReason('  ')).toEqual({ ok: false, message: REJECT_REASON_REQUIRED })
    expect(checkRejectReason(undefined)).toEqual({ ok: false, message: '请输入驳回原因' })
    expect(checkRejectReason(' 标题不规范 ')).toEqual({ ok: true, reason: '标题不规范' })
    expect(checkRejectReason('x'.repeat(1000)).ok).toBe(false)
  })

  it('shapes queue rows; a record row is keyed by its log entry', () => {
    const rows = queueRows([
      {
        id: 9,
        title: '标题',
        creatorName: 'ed',
        submitterName: 'ed',
        submittedAt: '2026-01-01T00:00:00.000Z',
        stateName: '',
        logId: 31,
        action: 'reject',
        comment: '来源不明',
        decidedAt: '2026-01-02T00:00:00.000Z',
      },
      { id: 9, title: '标题', logId: null, action: null },
      { title: 'no id' },
    ])
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({ id: 9, decision: '驳回', reason: '来源不明', key: 'log-31-0' })
    expect(rows[1]).toMatchObject({ id: 9, decision: '', key: 'item-9' })
    expect(queueRows(undefined)).toEqual([])
  })
})

describe('review log', () => {
  it('names the actions, orders oldest first and finds the last rejection', () => {
    const entries = logEntries({
      items: [
        { action: 'reject', actorName: 'rv', stateName: '', comment: '图片不合规', createdAt: '2026-01-03' },
        { action: 'submit', actorName: 'ed', stateName: '', comment: '', createdAt: '2026-01-01' },
        {
          action: 'reject',
          actorName: 'rv',
          stateName: '初审',
          comment: '标题不规范',
          createdAt: '2026-01-02',
        },
      ],
      total: 3,
    })
    expect(entries.map((e) => e.action)).toEqual(['提交审核', '驳回', '驳回'])
    expect(lastRejection(entries)?.comment).toBe('图片不合规')
    expect(logEntries(null)).toEqual([])
    expect(logEntries([{ action: 'publish', createdAt: 'x' }])[0]?.action).toBe('免审发布')
  })
})

describe('pending-count badges', () => {
  it('shows a count only on queues the menu holds', () => {
    const reviewer = grantOf('文章审核', ['查看', '审核'], ['/articleAudit'])
    const entries = badgeEntries(buildMenu(reviewer, 'rv'))
    expect(entries).toEqual([{ path: '/articleAudit', badge: 'article' }])
    expect(countsByBadge(entries, { '/articleAudit': 3, '/videoAudit': 5 })).toEqual({ article: 3 })
    expect(countsByBadge(entries, { '/articleAudit': 0 })).toEqual({})
    expect(countsByBadge(entries, undefined)).toEqual({})
  })

  it('finds no queue for an account without review pages', () => {
    expect(badgeEntries(buildMenu(grantOf('内容-文章', ['查看'], ['/contentArticle']), 'ed'))).toEqual([])
  })
})
