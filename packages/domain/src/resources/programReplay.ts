import { defineResource } from './types.ts'

/** Spec §2 /programContent and /programReplayDetail: query `source`, value → label in spec order. */
export const PROGRAM_SOURCES = { broadcast: '广播', tv: '电视' } as const

/**
 * 节目内容 (spec §2 /programContent?source=broadcast|tv, /programReplayDetail?source&id): programme replays
 * (节目回看) published as content items, one list per source (`list.partition`). Stored in the shared `content`
 * table with kind 'program_replay'; no review queue in the spec, so an item is online or offline by its show
 * state alone (上线/下线, the page's own permission action). `channel` is free text until the broadcast issue
 * brings channels and programmes; it then becomes a reference without changing stored items' other fields.
 */
export const programReplay = defineResource({
  name: 'programReplay',
  label: '节目回看',
  storage: { table: 'content', kind: 'program_replay' },
  permissionPage: '内容-节目内容',
  screens: { list: '/programContent', detail: '/programReplayDetail' },
  fields: {
    source: { kind: 'select', label: '来源', required: true, options: { ...PROGRAM_SOURCES } },
    title: { kind: 'text', label: '节目名称', required: true, max: 100, search: true },
    channel: { kind: 'text', label: '频道/栏目', max: 50 },
    airedAt: { kind: 'datetime', label: '播出时间' },
    replayUrl: {
      kind: 'url',
      label: '回看地址',
      required: true,
      max: 1000,
      help: '回看音频或视频地址（mp3、mp4 或 m3u8）',
    },
    cover: { kind: 'image', label: '封面', max: 1000 },
    summary: { kind: 'textarea', label: '节目简介', max: 500 },
    tags: { kind: 'tags', label: '标签', max: 20 },
    showState: { kind: 'switch', label: '上线', default: true },
  },
  list: {
    types: {
      list: { label: '节目回看', where: {} },
      recycle: { label: '回收站', where: { recycled: true }, recycle: true },
    },
    columns: ['title', 'cover', 'channel', 'airedAt', 'showState'],
    partition: 'source',
  },
  actions: ['show', 'hide', 'recycle', 'restore', 'lock'],
  // 内容-节目内容 has 查看/添加/编辑/删除 and 上线/下线 (spec §6: online/offline for replays), no 回收站.
  permissions: { show: '上线/下线', hide: '上线/下线', recycle: '删除', restore: '删除' },
  showWords: { show: '上线', hide: '下线' },
})
