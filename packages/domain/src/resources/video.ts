import { publishingFields } from './publishingFields.ts'
import { defineResource } from './types.ts'

/**
 * 视频 (spec §2 /contentVideo, /contentVideoDetail; queue /videoAudit). Stored in the shared `content` table
 * with kind 'video'. `videoUrl` is a URL until the media-library issue lands; the media picker then fills the
 * same field (kind 'video'), so the definition does not change. /recrodCreateVideo and /mediaLibraryVideo
 * create items of this definition through the same add call.
 */
export const video = defineResource({
  name: 'video',
  label: '视频',
  storage: { table: 'content', kind: 'video' },
  permissionPage: '内容-视频',
  screens: { list: '/contentVideo', detail: '/contentVideoDetail', comments: '/videoComments' },
  fields: {
    title: { kind: 'text', label: '标题', required: true, max: 100, search: true },
    videoUrl: { kind: 'video', label: '视频', required: true, max: 1000, help: '视频地址（mp4 或 m3u8）' },
    cover: { kind: 'image', label: '封面', max: 1000 },
    duration: { kind: 'number', label: '时长（秒）', min: 0, max: 86_400 * 7, invalid: '视频时长填写有误' },
    summary: { kind: 'textarea', label: '简介', max: 500 },
    author: { kind: 'text', label: '作者', max: 50 },
    source: { kind: 'text', label: '来源', max: 50 },
    tags: { kind: 'tags', label: '标签', max: 20 },
    mediaAccountId: { kind: 'mediaAccount', label: '媒体号' },
    isFirst: { kind: 'switch', label: '首发' },
    ...publishingFields(),
  },
  list: {
    types: {
      video: { label: '视频列表', where: { verifyState: { not: 0 } } },
      first: { label: '首发', where: { isFirst: true, verifyState: { not: 0 } } },
      draft: { label: '草稿箱', where: { verifyState: 0 } },
      recycle: { label: '回收站', where: { recycled: true }, recycle: true },
    },
    columns: ['title', 'cover', 'duration', 'isFirst', 'showState'],
    createFrom: [
      { label: '收录生成视频', path: '/recrodCreateVideo' },
      { label: '媒资库视频', path: '/mediaLibraryVideo' },
    ],
  },
  actions: ['show', 'hide', 'recycle', 'restore', 'submit', 'revoke', 'publishNoExamine', 'lock'],
  review: { queue: '/videoAudit', permissionPage: '视频审核', resType: 'video' },
  counts: { view: true, like: true },
})
