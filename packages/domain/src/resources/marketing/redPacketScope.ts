import { PORTRAIT_REGIONS_MAX } from '../../rules/portrait.ts'
import { defineResource } from '../types.ts'

/**
 * 发放范围 (spec §2 /redPacket type scope; decision 0048): who may receive red packets. A user is eligible when any
 * enabled scope matches them — its portrait's rules and/or its regions (contained in the user's 地区, as portraits
 * match); with no enabled scope every app user is.
 */
export const redPacketScope = defineResource({
  name: 'redPacketScope',
  label: '发放范围',
  storage: { table: 'red_packet_scope' },
  scope: 'shared',
  titleField: 'name',
  permissionPage: '营销-红包',
  screens: { list: '/redPacket' },
  fields: {
    name: { kind: 'text', label: '范围名称', required: true, max: 50, search: true },
    portraitId: {
      kind: 'number',
      label: '用户画像',
      ref: { resource: 'portrait' },
      help: '画像匹配的用户；与地区同时填写时须同时满足',
    },
    region: {
      kind: 'text',
      label: '地区',
      max: PORTRAIT_REGIONS_MAX,
      help: '多个地区用逗号分隔，用户地区包含其中任一即可，如 杭州,宁波',
    },
    showState: { kind: 'switch', label: '启用', default: true },
    remark: { kind: 'textarea', label: '备注', max: 200 },
  },
  list: {
    types: { scope: { label: '全部范围', where: {} } },
    columns: ['name', 'portraitId', 'region', 'showState', 'remark'],
  },
  actions: ['show', 'hide'],
  permissions: { create: '编辑', remove: '编辑', show: '编辑', hide: '编辑' },
  showWords: { show: '启用', hide: '停用' },
})
