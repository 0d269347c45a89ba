import type { Grant } from '@moc/domain/permissions/can'
import { article } from '@moc/domain/resources/article'
import { resources } from '@moc/domain/resources/index'
import { defineResource } from '@moc/domain/resources/types'
import { parseYuan } from '@moc/domain/rules/money'
import { describe, expect, it } from 'vitest'
import {
  allowedCommands,
  applicableRowIds,
  batchCommands,
  commandBody,
  commandConfirm,
  commandDone,
  rowCommands,
  toolbarCommands,
} from '../src/engine/commands.ts'
import {
  childRowErrors,
  exportBody,
  fieldErrorsOf,
  fieldPayload,
  filtersByCreator,
  hasCreator,
  importFailureLines,
  listColumnKeys,
  offers,
  readListState,
  refPrefill,
  reorderedIds,
  resourceApi,
} from '../src/engine/derive.ts'
import { fieldText } from '../src/engine/displayValue.ts'
import { formValues, savePayload } from '../src/engine/formValues.ts'
import { reviewApi, reviewQueues, workflowBody, workflowTextOf } from '../src/engine/review.ts'
import { firstError } from './firstError.ts'

const superAdmin: Grant = { roleId: 1, power: {}, powerMenuAttrs: [] }
const grantOf = (page: string, actions: string[]): Grant => ({
  roleId: 7,
  power: { [page]: actions.map((actionName) => ({ actionName, exists: true })) },
  powerMenuAttrs: [],
})

/** A record type with everything the vocabulary has: children, a machine, commands of each row count. */
const ticket = defineResource({
  name: 'ticket',
  label: '工单',
  storage: { table: 'app_ticket' },
  scope: 'none',
  titleField: 'subject',
  permissionPage: 'APP-反馈',
  screens: { list: '/userFeedback' },
  fields: {
    subject: { kind: 'text', label: '主题', required: true, max: 20, search: true },
    platforms: {
      kind: 'multiSelect',
      label: '平台',
      required: true,
      options: { android: 'Android', ios: 'iOS' },
      search: true,
    },
    state: {
      kind: 'select',
      label: '状态',
      options: { open: '待处理', done: '已回复' },
      readOnly: true,
      default: 'open',
    },
    ranges: {
      kind: 'children',
      label: '版本范围',
      children: {
        table: 'app_ticket_range',
        max: 3,
        fields: {
          platform: {
            kind: 'select',
            label: '平台',
            required: true,
            options: { android: 'Android', ios: 'iOS' },
          },
          minCode: { kind: 'number', label: '最低版本号', min: 1 },
          maxCode: { kind: 'number', label: '最高版本号', min: 1 },
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
  list: { types: { all: { label: '全部', where: {} } }, columns: ['subject', 'platforms'] },
  actions: ['export'],
  commands: {
    refresh: { label: '刷新缓存', action: '编辑', rows: 'none' },
    pin: { label: '置顶', action: '编辑', rows: 'one' },
    archive: { label: '归档', action: '删除', rows: 'many', confirm: '确定归档 {n} 条工单？' },
  },
  machine: {
    field: 'state',
    colors: { open: 'orange', done: 'green' },
    transitions: {
      reply: {
        label: '回复',
        from: ['open'],
        to: 'done',
        action: '编辑',
        input: { reply: { kind: 'textarea', label: '回复内容', required: true, max: 100 } },
      },
      reopen: { label: '重新打开', from: ['done'], to: 'open', action: '编辑' },
    },
  },
})

const { splash } = resources

describe('one data provider per definition', () => {
  it('a record type is served at /api/<name>/*, with no kind in its bodies', () => {
    const p = resourceApi(splash)
    expect(p).toMatchObject({
      kind: undefined,
      list: '/api/splash/list',
      nums: '/api/splash/nums',
      detail: '/api/splash/detail',
      create: '/api/splash/add',
      update: '/api/splash/modify',
      recycle: '/api/splash/delete',
      remove: '/api/splash/delete',
      restore: '/api/splash/restore',
      showState: '/api/splash/showState',
      versions: '/api/splash/versions',
      versionDiff: '/api/splash/versionDiff',
      export: '/api/splash/export',
      import: '/api/splash/import',
      sort: '/api/splash/sort',
      same: undefined,
      lock: undefined,
      operationInfo: undefined,
    })
    expect(p.command('reply')).toBe('/api/splash/reply')
    expect(p.withKind({ ids: [1] })).toEqual({ ids: [1] })
    // Without review a record type keeps no versions.
    expect(resourceApi(ticket).versions).toBeUndefined()
  })

  it('content keeps /api/content/* with its kind', () => {
    const p = resourceApi(article)
    expect(p).toMatchObject({
      export: '/api/content/article/export',
      versions: '/api/content/versions',
      import: undefined,
      sort: undefined,
      operationInfo: '/api/contentOperation/contentOperationInfo',
    })
    expect(p.withKind({ ids: [1] })).toEqual({ kind: 'article', ids: [1] })
  })

  it("a record type's review: its own transitions, the shared decisions and queue, the log by resType", () => {
    const p = reviewApi(resources.appVersion)
    expect(p).toMatchObject({
      resType: 'version',
      submit: '/api/appVersion/examination',
      revert: '/api/appVersion/revert',
      publishNoExamine: '/api/appVersion/publish/noExamine',
      takeDown: '/api/appVersion/revoke/batch',
      approve: '/api/verify-center/approved',
      reject: '/api/verify-center/rejection',
      queue: '/api/verify-center/version',
      detail: '/api/verify-center/version/detail',
      log: '/api/process/resource/log',
    })
    expect(p.logQuery(4)).toEqual({ resType: 'version', resId: 4 })
    expect(reviewApi(article).logQuery(4)).toEqual({ resId: 4 })
    expect(workflowBody(splash, 'submit', [3])).toEqual({ ids: [3] })
    expect(workflowBody(article, 'submit', [3])).toEqual({ kind: 'article', ids: [3] })
  })

  it('exports with the list filters in each store’s shape', () => {
    const state = readListState(splash, new URLSearchParams('title=春节&platforms=ios'), 'ed')
    expect(exportBody(splash, state)).toEqual({
      type: 'list',
      createdBy: 'ed',
      title: '春节',
      platforms: 'ios',
    })
    const a = readListState(article, new URLSearchParams('title=春节'), 'ed')
    expect(exportBody(article, a)).toEqual({ type: 'article', title: '春节', createdBy: 'ed', fields: {} })
  })

  it('types without creators (scope none) have no creator filter or column', () => {
    expect(hasCreator(ticket)).toBe(false)
    expect(readListState(ticket, new URLSearchParams('createdBy=ed'), 'me').filters).toEqual({})
    expect(exportBody(ticket, readListState(ticket, new URLSearchParams(), 'me'))).toEqual({ type: 'all' })
  })

  it('shared vocabularies (tags) name their creators but list every creator’s rows', () => {
    const tag = resources.contentTag
    expect(hasCreator(tag)).toBe(true)
    expect(filtersByCreator(tag)).toBe(false)
    expect(listColumnKeys(tag)).toEqual(['name', 'creatorName', 'createdAt'])
    expect(readListState(tag, new URLSearchParams('createdBy=ed'), 'me').filters).toEqual({})
  })
})

describe('what a record type offers', () => {
  it('follows its permission page and traits, as the server mounts its routes', () => {
    // APP-闪屏 has no 回收站 and no 导入; its definition has show/hide.
    expect(offers(splash, 'create')).toBe(true)
    expect(offers(splash, 'recycle')).toBe(false)
    expect(offers(splash, 'import')).toBe(false)
    expect(offers(splash, 'show')).toBe(true)
    expect(offers(splash, 'sort')).toBe(false)
    // 功能管理 has neither 添加 nor 删除.
    expect(offers(resources.featureSwitch, 'create')).toBe(false)
    expect(offers(resources.featureSwitch, 'remove')).toBe(false)
    expect(offers(resources.searchKeyword, 'sort')).toBe(true)
    expect(offers(resources.searchKeyword, 'import')).toBe(true)
  })

  it('columns: the machine state (added when not listed), no counts, no creator without scope', () => {
    expect(listColumnKeys(ticket)).toEqual(['subject', 'platforms', 'state', 'createdAt'])
    expect(listColumnKeys(splash)).toEqual([
      'title',
      'mediaType',
      'platforms',
      'frequency',
      'displayStart',
      'displayEnd',
      'verifyState',
      'displayStatus',
      'showState',
      'creatorName',
      'createdAt',
    ])
  })

  it('cells: several options joined by 、, child rows as label：value pairs', () => {
    expect(fieldText(ticket.fields.platforms, ['android', 'ios'])).toBe('Android、iOS')
    expect(fieldText(ticket.fields.platforms, [])).toBe('--')
    expect(fieldText(ticket.fields.state, 'done')).toBe('已回复')
    expect(fieldText(ticket.fields.ranges, [{ platform: 'ios', minCode: 1, maxCode: null }])).toBe(
      '平台：iOS，最低版本号：1，最高版本号：--',
    )
  })

  it('money fields (cents) read in 元 with two decimals', () => {
    const f = { kind: 'number', label: '金额', cents: true } as const
    expect(fieldText(f, 1250)).toBe('12.50元')
    expect(fieldText(f, 5)).toBe('0.05元')
    expect([parseYuan('12.5'), parseYuan('￥0.05'), parseYuan('1.234'), parseYuan('abc')]).toEqual([
      1250,
      5,
      undefined,
      undefined,
    ])
  })

  it('a new item starts under the parent its list is filtered by (refPrefill)', () => {
    const option = resources.voteOption!
    expect(refPrefill(option, { voteId: '7', moduleId: '3', title: '甲' })).toMatchObject({ voteId: 7 })
    expect(refPrefill(option, { voteId: 'x' })).toEqual({})
    expect(refPrefill(option, {})).toEqual({})
  })

  it('a takedown is 撤回发布 where the show words already say 下线', () => {
    expect(workflowTextOf(splash).takeDown.button).toBe('撤回发布')
    expect(workflowTextOf(article).takeDown.button).toBe('下线')
  })

  it('registers the records screen of a queue that has one, and queues without a detail screen', () => {
    const queues = reviewQueues(resources)
    expect(queues.find((q) => q.def.name === 'appVersion')).toMatchObject({
      queue: '/versionAudit',
      detail: '/versionExamineDetail',
      records: '/versionAudited',
    })
    expect(queues.find((q) => q.def.name === 'searchKeyword')).toMatchObject({
      queue: '/auditSearchKeyword',
      detail: undefined,
    })
  })
})

describe('commands and machine transitions', () => {
  const editor = grantOf('APP-反馈', ['查看', '编辑'])

  it('are offered with their own permission action', () => {
    expect(allowedCommands(ticket, superAdmin).map((c) => c.key)).toEqual([
      'refresh',
      'pin',
      'archive',
      'reply',
      'reopen',
    ])
    // 归档 needs 删除, which the editor lacks.
    expect(allowedCommands(ticket, editor).map((c) => c.key)).toEqual(['refresh', 'pin', 'reply', 'reopen'])
    expect(allowedCommands(ticket, grantOf('APP-反馈', ['查看']))).toEqual([])
  })

  it('toolbar, row and batch buttons; transitions only from their states', () => {
    const all = allowedCommands(ticket, superAdmin)
    expect(toolbarCommands(all).map((c) => c.key)).toEqual(['refresh'])
    expect(rowCommands(ticket, all, { id: 1, state: 'open' }).map((c) => c.key)).toEqual([
      'pin',
      'archive',
      'reply',
    ])
    expect(rowCommands(ticket, all, { id: 2, state: 'done' }).map((c) => c.key)).toEqual([
      'pin',
      'archive',
      'reopen',
    ])
    expect(batchCommands(all).map((c) => c.key)).toEqual(['archive', 'reply', 'reopen'])
    const reply = all.find((c) => c.key === 'reply')!
    expect(
      applicableRowIds(ticket, reply, [
        { id: 1, state: 'open' },
        { id: 2, state: 'done' },
        { id: 3, state: 'open' },
      ]),
    ).toEqual([1, 3])
  })

  it('a command with `when` is offered on the rows in those states only (a media account: 解冻 when frozen)', () => {
    const mediaAccount = resources.mediaAccount
    const all = allowedCommands(mediaAccount, superAdmin)
    const keys = (state: string) => rowCommands(mediaAccount, all, { id: 1, state }).map((c) => c.key)
    expect(keys('normal')).toEqual(['freeze', 'lock'])
    expect(keys('locked')).toEqual(['freeze', 'lock', 'unlock'])
    expect(keys('frozen')).toEqual(['unfreeze'])
    const unfreeze = all.find((c) => c.key === 'unfreeze')!
    const rows = [
      { id: 1, state: 'frozen' },
      { id: 2, state: 'normal' },
    ]
    expect(applicableRowIds(mediaAccount, unfreeze, rows)).toEqual([1])
  })

  it('send their input and rows; confirm and say done in Chinese', () => {
    const [refresh, pin, archive] = allowedCommands(ticket, superAdmin)
    expect(commandBody(refresh!, [], {})).toEqual({})
    expect(commandBody(pin!, [4], { note: 'x' })).toEqual({ note: 'x', ids: [4] })
    expect(commandConfirm(archive!, [1, 2])).toBe('确定归档 2 条工单？')
    expect(commandConfirm(pin!, [4], '闪退')).toBe('确定置顶「闪退」？')
    expect(commandConfirm(refresh!, [])).toBe('确定刷新缓存？')
    expect(commandDone(pin!)).toBe('置顶成功')
  })
})

describe('multiSelect and children in the form', () => {
  it('an image list starts empty and is sent as the list of its addresses', () => {
    const f = { kind: 'imageList', label: '图片' } as const
    const values = formValues({ fields: { images: f } }, undefined)
    expect(values.images).toEqual([])
    expect(fieldPayload('images', f, ['/files/a.png'])).toEqual(['/files/a.png'])
    expect(savePayload({ fields: { images: f } }, values)).toEqual({ images: [] })
  })

  it('a multiSelect needs one option at least and only its options', async () => {
    expect(await firstError('platforms', ticket.fields.platforms, [])).toBe('请选择平台')
    expect(await firstError('platforms', ticket.fields.platforms, ['ios'])).toBeUndefined()
    expect(await firstError('platforms', ticket.fields.platforms, ['web'])).toBe('平台填写有误')
  })

  it('children: rows sent without their form keys; a bad cell names its row; overlaps refused', async () => {
    const f = ticket.fields.ranges
    const values = formValues(ticket, { ranges: [{ id: 9, platform: 'ios', minCode: 1, maxCode: 10 }] })
    const rows = values.ranges as Record<string, unknown>[]
    expect(rows[0]).toMatchObject({ id: 9, platform: 'ios', minCode: 1, maxCode: 10 })
    const added = [...rows, { platform: 'ios', minCode: 5, maxCode: undefined }]
    expect(fieldPayload('ranges', f, added)).toEqual([
      { id: 9, platform: 'ios', minCode: 1, maxCode: 10 },
      { platform: 'ios', minCode: 5, maxCode: null },
    ])
    expect(await firstError('ranges', f, added)).toBe('同一平台的版本范围不能重叠')
    expect(childRowErrors(f, added)).toEqual(new Map([[1, '同一平台的版本范围不能重叠']]))
    const otherPlatform = [...rows, { platform: 'android', minCode: 5 }]
    expect(await firstError('ranges', f, otherPlatform)).toBeUndefined()
    expect(await firstError('ranges', f, [...rows, { minCode: 50 }])).toMatch(/^第2行：/)
    const tooMany = Array.from({ length: 4 }, (_, i) => ({
      platform: 'ios',
      minCode: i * 10 + 1,
      maxCode: i * 10 + 5,
    }))
    expect(await firstError('ranges', f, tooMany)).toBe('版本范围不能超过3条')
    expect(savePayload(ticket, { ...values, subject: ' 闪退 ' })).toMatchObject({
      subject: '闪退',
      platforms: [],
    })
  })

  it("the server's overlap refusal is shown under its field", () => {
    expect(fieldErrorsOf(ticket, '同一平台的版本范围不能重叠')).toEqual([
      { name: 'ranges', errors: ['同一平台的版本范围不能重叠'] },
    ])
    expect(fieldErrorsOf(ticket, '版本号必须大于该平台已有的版本号')).toEqual([])
  })
})

describe('import and sort', () => {
  it('lists the refused rows of an import', () => {
    expect(
      importFailureLines({
        failed: [
          { row: 2, messages: ['请输入热搜词'] },
          { row: 5, messages: ['该热搜词已存在', '角标填写有误'] },
        ],
      }),
    ).toEqual(['第 2 行：请输入热搜词', '第 5 行：该热搜词已存在；角标填写有误'])
    expect(importFailureLines(null)).toEqual([])
  })

  it('moves a row within the page', () => {
    expect(reorderedIds([1, 2, 3, 4], 2, 1)).toEqual([1, 3, 2, 4])
    expect(reorderedIds([1, 2, 3, 4], 0, 3)).toEqual([2, 3, 4, 1])
    expect(reorderedIds([1, 2], 0, -1)).toEqual([1, 2])
  })
})

describe('what a content type offers', () => {
  it('its CRUD always, the rest by its actions', () => {
    expect(offers(article, 'create')).toBe(true)
    expect(offers(article, 'remove')).toBe(true)
    expect(offers(article, 'recycle')).toBe(true)
    expect(offers(article, 'sort')).toBe(false)
  })
})

describe('a display window without review', () => {
  it('shows its 展示状态 first among the engine columns', () => {
    expect(listColumnKeys(resources.advert).slice(-4)).toEqual([
      'displayStatus',
      'showState',
      'creatorName',
      'createdAt',
    ])
  })
})
