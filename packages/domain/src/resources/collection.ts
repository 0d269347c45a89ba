import { publishingFields } from './publishingFields.ts'
import { defineResource } from './types.ts'

/** The collection types (合集类型) and the resource their members are items of. */
export const COLLECTION_TYPES = { video: '视频合集', audio: '音频合集', image: '图片合集' } as const

/**
 * 合集 (spec §2 /contentCollection, /contentCollectionDetail; queue /ablumAudit, resType video_collection per
 * decision 0007). Video, audio and image collections share this definition and the content kind
 * 'video_collection'; `collectionType` tells them apart and chooses the kind of the ordered members (`items`).
 * Video collections hold videos; audio and image members are media-library items, which arrive with that
 * issue (the `by` map then gains their resources, the definition otherwise unchanged) — docs/decisions/0011.
 */
export const collection = defineResource({
  name: 'collection',
  label: '合集',
  storage: { table: 'content', kind: 'video_collection' },
  permissionPage: '内容-合集',
  screens: { list: '/contentCollection', detail: '/contentCollectionDetail' },
  fields: {
    title: { kind: 'text', label: '标题', required: true, max: 100, search: true },
    collectionType: {
      kind: 'select',
      label: '合集类型',
      required: true,
      options: COLLECTION_TYPES,
      default: 'video',
    },
    cover: { kind: 'image', label: '封面', max: 1000 },
    summary: { kind: 'textarea', label: '简介', max: 500 },
    items: {
      kind: 'relation',
      label: '合集内容',
      max: 100,
      relation: {
        resource: 'video',
        multiple: true,
        by: { field: 'collectionType', resources: { video: 'video' } },
      },
    },
    tags: { kind: 'tags', label: '标签', max: 20 },
    ...publishingFields(),
  },
  list: {
    types: {
      list: { label: '合集列表', where: { verifyState: { not: 0 } } },
      recycle: { label: '回收站', where: { recycled: true }, recycle: true },
      draft: { label: '草稿箱', where: { verifyState: 0 } },
    },
    columns: ['title', 'cover', 'collectionType', 'showState'],
  },
  actions: ['show', 'hide', 'recycle', 'restore', 'submit', 'revoke', 'publishNoExamine', 'lock'],
  review: { queue: '/ablumAudit', permissionPage: '合集审核', resType: 'video_collection' },
  counts: { view: true, like: true },
})
