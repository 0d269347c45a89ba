import { operateCountMessages } from '../rules/contentCounts.ts'
import type { FieldDef } from './types.ts'

/**
 * The publishing fields every content type of the family ends its form with: show state, the display window
 * (spec §4) and the operated view/like counts (spec §5). A function, because `defineResource` completes each
 * definition's field objects in place, so no two definitions may share them.
 */
export const publishingFields = () =>
  ({
    showState: { kind: 'switch', label: '显示', default: true },
    displayStart: { kind: 'datetime', label: '展示开始时间' },
    displayEnd: { kind: 'datetime', label: '展示结束时间' },
    operateViewNum: {
      kind: 'number',
      label: '运营阅读数',
      min: 0,
      invalid: operateCountMessages.operateViewNum,
    },
    operateLikeNum: {
      kind: 'number',
      label: '运营点赞数',
      min: 0,
      invalid: operateCountMessages.operateLikeNum,
    },
  }) satisfies Record<string, FieldDef>
