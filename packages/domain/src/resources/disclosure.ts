import { disclosureFields } from './disclosureFields.ts'
import { defineResource } from './types.ts'

/**
 * 爆料 (spec §2 /contentNewsData, /contentNewsDataDetail, /disclosureComments; queue /auditDisclosure with
 * /disclosureAuditDetail, pending = verifyState 3). A reader's news tip, stored in the shared `content` table with
 * kind 'disclosure'. Its page (内容-爆料) has 评论, 显示/隐藏 and 导出 but no 回收站 or 免审发布.
 */
export const disclosure = defineResource({
  name: 'disclosure',
  label: '爆料',
  storage: { table: 'content', kind: 'disclosure' },
  permissionPage: '内容-爆料',
  screens: { list: '/contentNewsData', detail: '/contentNewsDataDetail', comments: '/disclosureComments' },
  fields: disclosureFields(),
  list: {
    types: { list: { label: '爆料列表', where: {} } },
    columns: ['title', 'region', 'informant', 'showState'],
  },
  actions: ['show', 'hide', 'submit', 'revoke', 'export', 'lock'],
  review: { queue: '/auditDisclosure', permissionPage: '爆料审核', resType: 'disclosure' },
  // Spec §7 disclosure calls (delete and export are the engine's own paths, /api/content/disclosure/…).
  specPaths: {
    'GET /api/content/disclosure/list': 'GET /api/content/list',
    'POST /api/content/disclosure/list': 'POST /api/content/list',
    'GET /api/content/disclosure/detail': 'GET /api/content/detail',
    'POST /api/content/disclosure/add': 'POST /api/content/add',
    'POST /api/content/disclosure/modify': 'POST /api/content/modify',
    'POST /api/content/disclosure/showState': 'POST /api/content/showState',
    'POST /api/content/disclosure/examine': 'POST /api/content/examination',
  },
  counts: { view: false, like: false },
})
