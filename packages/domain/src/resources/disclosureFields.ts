import type { FieldDef } from './types.ts'

/**
 * The fields of a reader's news tip (爆料), shared by the reader and programme variants. A function, because
 * `defineResource` completes each definition's field objects in place (see publishingFields).
 */
export const disclosureFields = () =>
  ({
    title: { kind: 'text', label: '标题', required: true, max: 100, search: true },
    body: { kind: 'textarea', label: '爆料内容', required: true, max: 2000 },
    image: { kind: 'image', label: '图片', max: 1000 },
    videoUrl: { kind: 'video', label: '视频', max: 1000 },
    region: {
      kind: 'text',
      label: '区域',
      max: 50,
      search: true,
      searchFrom: '/api/disclosureRegion/pageList',
      help: '如：城东区',
    },
    informant: { kind: 'text', label: '爆料人', max: 50 },
    phone: { kind: 'text', label: '联系电话', max: 20 },
    showState: { kind: 'switch', label: '显示', default: true },
  }) satisfies Record<string, FieldDef>
