import { defineResource } from './types.ts'

/**
 * 晨视频 / CSP (spec §2 /contentChenVideo type csp|draft, /contentCSPDetail; queue /cspNewsAudit with
 * /examineChenVideoDetail; pending count "morning-video reports"). Video reports contributed by partner content
 * providers and correspondents, reviewed before publication. Stored in the shared `content` table with kind 'csp'.
 * Its permission page (内容-晨视频) has no 显示/隐藏, 回收站 or 评论, so neither has the definition: no show
 * state, deleting is for ever, no comment screen; it is not a view-counted kind (spec §3 shows '--').
 */
export const cspVideo = defineResource({
  name: 'cspVideo',
  label: '晨视频',
  storage: { table: 'content', kind: 'csp' },
  permissionPage: '内容-晨视频',
  screens: { list: '/contentChenVideo', detail: '/contentCSPDetail' },
  fields: {
    title: { kind: 'text', label: '标题', required: true, max: 100, search: true },
    videoUrl: { kind: 'video', label: '视频', required: true, max: 1000, help: '视频地址（mp4 或 m3u8）' },
    cover: { kind: 'image', label: '封面', max: 1000 },
    duration: { kind: 'number', label: '时长（秒）', min: 0, max: 86_400, invalid: '视频时长填写有误' },
    summary: { kind: 'textarea', label: '内容简介', max: 500 },
    provider: { kind: 'text', label: '供稿单位', required: true, max: 50 },
    reporter: { kind: 'text', label: '记者', max: 50 },
    location: { kind: 'text', label: '拍摄地点', max: 100 },
    shotAt: { kind: 'datetime', label: '拍摄时间' },
    tags: { kind: 'tags', label: '标签', max: 20 },
  },
  list: {
    types: {
      csp: { label: '晨视频列表', where: { verifyState: { not: 0 } } },
      draft: { label: '草稿箱', where: { verifyState: 0 } },
    },
    columns: ['title', 'cover', 'provider', 'duration', 'shotAt'],
  },
  actions: ['submit', 'revoke', 'publishNoExamine', 'lock'],
  review: { queue: '/cspNewsAudit', permissionPage: '晨视频审核', resType: 'csp' },
  counts: { view: false, like: false },
})
