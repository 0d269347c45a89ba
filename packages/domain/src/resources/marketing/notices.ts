import type { ResourceDef } from '../types.ts'

/** The definitions of 通知中心 (/noticeCentre, /noticeCentreDetail, /auditNotice; decision 0049). */
export const noticeResources = {} as const satisfies Record<string, ResourceDef>
