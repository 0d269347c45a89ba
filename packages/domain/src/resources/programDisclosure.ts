import { disclosureFields } from './disclosureFields.ts'
import { defineResource } from './types.ts'

/**
 * 节目爆料 (spec §2 /programNewsData, /programNewsDataDetail, /programDisclosureComments): tips sent to a
 * broadcast/TV programme, kind 'program_disclosure', on their own page (内容-节目爆料). They are reviewed in the
 * one disclosure queue the spec has (/auditDisclosure), beside readers' tips (a queue several definitions share).
 */
export const programDisclosure = defineResource({
  name: 'programDisclosure',
  label: '节目爆料',
  storage: { table: 'content', kind: 'program_disclosure' },
  permissionPage: '内容-节目爆料',
  screens: {
    list: '/programNewsData',
    detail: '/programNewsDataDetail',
    comments: '/programDisclosureComments',
  },
  fields: {
    ...disclosureFields(),
    program: { kind: 'text', label: '节目', required: true, max: 50, search: true },
  },
  list: {
    types: { list: { label: '节目爆料列表', where: {} } },
    columns: ['title', 'program', 'region', 'informant', 'showState'],
  },
  actions: ['show', 'hide', 'submit', 'revoke', 'export', 'lock'],
  review: { queue: '/auditDisclosure', permissionPage: '爆料审核', resType: 'program_disclosure' },
  counts: { view: false, like: false },
})
