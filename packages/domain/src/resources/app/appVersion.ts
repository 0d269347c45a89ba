import { defineResource } from '../types.ts'
import { APP_PLATFORMS } from './appOptions.ts'

/** How a version is installed: an .apk uploaded here (Android), or a link to the platform's app store. */
export const PACKAGE_TYPES = { apk: '安装包', store: '应用商店链接' } as const

/**
 * 版本 (spec §2 App: /versionMange, /versionDetail; queue /versionAudit with /versionExamineDetail, records
 * /versionAudited; §7 GET /verify-center/versions and the POST "version" decision). A release of the app for one
 * platform: its code must exceed every earlier one of that platform; once approved, the app
 * (GET /api/open/app/config) offers the newest approved version of its platform, forced when 强制更新, to the
 * 灰度比例 share of devices. APP-版本 has no 回收站: deleting is for ever.
 */
export const appVersion = defineResource({
  name: 'appVersion',
  label: '版本',
  storage: { table: 'app_version' },
  titleField: 'versionName',
  permissionPage: 'APP-版本',
  screens: { list: '/versionMange', detail: '/versionDetail' },
  fields: {
    platform: { kind: 'select', label: '平台', required: true, options: APP_PLATFORMS, search: true },
    versionName: {
      kind: 'text',
      label: '版本名称',
      required: true,
      max: 20,
      pattern: /^\d{1,4}(\.\d{1,4}){1,3}$/,
      invalid: '版本名称应为数字和点，如 6.2.0',
      search: true,
    },
    versionCode: {
      kind: 'number',
      label: '版本号',
      required: true,
      min: 1,
      help: '整数，须大于该平台已有的版本号（如 60200）',
      increasing: { within: 'platform', message: '版本号必须大于该平台已有的版本号（当前最大 {max}）' },
    },
    packageType: {
      kind: 'select',
      label: '安装方式',
      required: true,
      options: PACKAGE_TYPES,
      default: 'apk',
    },
    packageUrl: {
      kind: 'file',
      label: '安装包',
      required: true,
      max: 1000,
      upload: 'apk',
      when: { field: 'packageType', value: 'apk' },
      help: 'Android 安装包（.apk）',
    },
    storeUrl: {
      kind: 'url',
      label: '应用商店链接',
      required: true,
      max: 1000,
      when: { field: 'packageType', value: 'store' },
      help: 'App Store、华为应用市场等的应用页面地址',
    },
    forceUpdate: { kind: 'switch', label: '强制更新', default: false },
    releaseNotes: { kind: 'textarea', label: '更新说明', required: true, max: 2000 },
    greyRatio: { kind: 'number', label: '灰度比例(%)', required: true, min: 1, max: 100, default: 100 },
  },
  list: {
    types: { list: { label: '版本列表', where: {} } },
    columns: ['platform', 'versionName', 'versionCode', 'packageType', 'forceUpdate', 'greyRatio'],
  },
  actions: ['submit', 'revoke', 'withdraw'],
  review: {
    queue: '/versionAudit',
    permissionPage: '版本审核',
    resType: 'version',
    records: '/versionAudited',
  },
  // Spec §7 review centre: the plural queue path; POST /api/verify-center/version (a decision) is the engine's own.
  specPaths: { 'GET /api/verify-center/versions': 'GET /api/verify-center/version' },
})
