import type { ResourceDef } from '../types.ts'
import { notice } from './notice.ts'

/** The definitions of 通知中心 (/noticeCentre, /noticeCentreDetail, /auditNotice; decision 0049). */
export const noticeResources = { notice } as const satisfies Record<string, ResourceDef>
