import { defineResource } from '../types.ts'
import { APP_PLATFORMS } from './appOptions.ts'

/**
 * 功能 (spec §2 App: /functionManager; the form opens in a drawer). A fixed set of app features, seeded by migration
 * 0020 (key and name are the app's, not editable; APP-功能管理 has no 添加 or 删除), each 启用 or 禁用 and, per
 * platform, limited to version ranges. The app config (GET /api/open/app/config?platform=&version=) says a feature
 * is on when it is 启用 and either its platform has no range, or the range holding the version is 开启
 * (decision 0038). Global switches: every operator sees every row (no data scope).
 */
export const featureSwitch = defineResource({
  name: 'featureSwitch',
  label: '功能',
  storage: { table: 'app_feature' },
  scope: 'none',
  titleField: 'name',
  permissionPage: 'APP-功能管理',
  screens: { list: '/functionManager' },
  fields: {
    key: { kind: 'text', label: '功能标识', readOnly: true },
    name: { kind: 'text', label: '功能名称', readOnly: true, search: true },
    description: { kind: 'textarea', label: '说明', max: 200 },
    showState: { kind: 'switch', label: '启用', default: true },
    rules: {
      kind: 'children',
      label: '版本范围',
      help: '不设置则该功能对所有平台、所有版本开放；设置后，该平台只有落在开启范围内的版本可用',
      children: {
        table: 'app_feature_rule',
        max: 30,
        fields: {
          platform: { kind: 'select', label: '平台', required: true, options: APP_PLATFORMS },
          minCode: { kind: 'number', label: '最低版本号', min: 1 },
          maxCode: { kind: 'number', label: '最高版本号', min: 1, help: '留空表示不限' },
          enabled: { kind: 'switch', label: '开启', default: true },
        },
        noOverlap: {
          start: 'minCode',
          end: 'maxCode',
          within: 'platform',
          message: '同一平台的版本范围不能重叠',
        },
      },
    },
  },
  list: {
    types: { list: { label: '功能列表', where: {} } },
    columns: ['name', 'key', 'description', 'showState'],
  },
  actions: ['show', 'hide'],
  permissions: { show: '启用/禁用', hide: '启用/禁用' },
  showWords: { show: '启用', hide: '禁用' },
})
