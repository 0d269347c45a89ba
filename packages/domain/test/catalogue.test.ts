import { describe, expect, it } from 'vitest'
import {
  breadcrumbOf,
  menuGroups,
  menuLanguages,
  menuScreens,
  menuTranslations,
  permissionPages,
  publicPaths,
  screenByPath,
  screens,
  translateMenu,
} from '../src/catalogue/index.ts'
import { actionKeys } from '../src/permissions/actions.ts'

// Every route of spec §2, extracted by hand from its text ('/{hash}' excluded: see screens.ts).
const specPaths = [
  '/dashboard',
  '/404',
  '/login',
  '/register',
  '/forgot-password',
  '/sso/authorize',
  '/logout',
  '/hidden/dataExpansion',
  '/homeRecommend',
  '/homeBannerDetail',
  '/carouselExamineDetail',
  '/homeHotTop',
  '/homeHotDetail',
  '/homeModular',
  '/jgModular',
  '/linkModule',
  '/rankMange',
  '/homeCity',
  '/cityDetail',
  '/circleDetail',
  '/channelManage',
  '/channelDetail',
  '/channelCirDetail',
  '/addRotation',
  '/homeDiscover',
  '/momentFocus',
  '/24hourManage',
  '/24hourAdd',
  '/24hourArticleEdit',
  '/24hourVideoEdit',
  '/24hourStreamEdit',
  '/24hourStreamAudioEdit',
  '/24hourSubjectEdit',
  '/contentManager',
  '/contentArticle',
  '/contentArticleDetail',
  '/articleComments',
  '/contentVideo',
  '/contentVideoDetail',
  '/recrodCreateVideo',
  '/mediaLibraryVideo',
  '/videoComments',
  '/contentCollection',
  '/contentCollectionDetail',
  '/contentChenVideo',
  '/contentCSPDetail',
  '/examineChenVideoDetail',
  '/contentLive',
  '/contentLiveDetail',
  '/contentVerticalLiveDetail',
  '/contentAudioLiveDetail',
  '/contentRepaysDetail',
  '/liveComments',
  '/contentSubject',
  '/addSubject',
  '/editSubject',
  '/subjectDetail',
  '/contentHotDiscuss',
  '/addHotDiscuss',
  '/editHotDiscuss',
  '/detailHotDiscuss',
  '/discussComments',
  '/contentNewsData',
  '/contentNewsDataDetail',
  '/disclosureComments',
  '/programNewsData',
  '/programNewsDataDetail',
  '/programDisclosureComments',
  '/contentTags',
  '/userTags',
  '/bulletChat',
  '/bulletChatDetail',
  '/H5Manager',
  '/H5ManagerDetail',
  '/programContent',
  '/programReplayDetail',
  '/webcut',
  '/yunjian',
  '/questionManage',
  '/questionAdd',
  '/questionTopic',
  '/performance',
  '/questionBank',
  '/questionBankAdd',
  '/questionScore',
  '/publishFlash',
  '/contentFlash',
  '/contentSpalshDetail',
  '/contentAdv',
  '/advertiseDetail',
  '/contentPopup',
  '/contentPopupDetail',
  '/versionMange',
  '/versionDetail',
  '/versionExamineDetail',
  '/helpArticle',
  '/helpArticleDetail',
  '/userFeedback',
  '/buoyConfig',
  '/themeManager',
  '/functionManager',
  '/searchRecommend',
  '/webResource',
  '/editWebResource',
  '/miniPrograms',
  '/subjectAudit',
  '/videoAudit',
  '/articleAudit',
  '/ablumAudit',
  '/cspNewsAudit',
  '/commentAudit',
  '/splashAudit',
  '/popupAudit',
  '/liveAudit',
  '/versionAudit',
  '/versionAudited',
  '/carouselAudit',
  '/auditHotDiscuss',
  '/auditDisclosure',
  '/voteAudit',
  '/activityAudit',
  '/auditHelpArticle',
  '/auditNotice',
  '/auditH5',
  '/mediaAudit',
  '/groupAudit',
  '/postAudit',
  '/auditBroadcast',
  '/auditProgram',
  '/auditTv',
  '/auditTvProgram',
  '/auditVisualRadio',
  '/auditvisualRadioProgram',
  '/auditSearchKeyword',
  '/qaAuditList',
  '/medias',
  '/mediasDetail',
  '/mediasOperator',
  '/mediaColumn',
  '/mediaContent',
  '/mediaGroupContent',
  '/mediaRole',
  '/mediaRoleDetail',
  '/mediaArticleDetail',
  '/mediaVideoDetail',
  '/mediaArticleComments',
  '/mediaVideoComments',
  '/operatingPreManage',
  '/operatingPreDetail',
  '/groups',
  '/groupContent',
  '/networkManage',
  '/postManage',
  '/comments',
  '/operateComment',
  '/topicManage',
  '/topicContent',
  '/topicComment',
  '/users',
  '/userDetail',
  '/operateUsers',
  '/operateUserDetail',
  '/userLevel',
  '/defaultAvatar',
  '/portraits',
  '/portraitDetail',
  '/contentReportAudit',
  '/commentReportAudit',
  '/invitationCode',
  '/activityManage',
  '/addActivity',
  '/editActivity',
  '/activityInfo',
  '/essayActivity',
  '/normalActivity',
  '/payActivity',
  '/voteActivity',
  '/activeVotingDetail',
  '/editVoteActivity',
  '/redPacket',
  '/coupons',
  '/couponDetail',
  '/sendCoupons',
  '/couponWriteOff',
  '/ScoreShopEntrance',
  '/words',
  '/wordsDetail',
  '/noticeCentre',
  '/noticeCentreDetail',
  '/taskManage',
  '/taskDetail',
  '/taskMedal',
  '/taskMedalDetail',
  '/taskAvatar',
  '/taskAvatarDetail',
  '/account',
  '/accountDetail',
  '/roles',
  '/rolesDetail',
  '/configure',
  '/systemlog',
  '/dataExpansion',
  '/auditProcess',
  '/mediaLibrary',
  '/timeShiftPreview',
  '/blockPrograms',
  '/organizationalStructure',
  '/styleSetting',
  '/broadcast',
  '/television',
  '/visualRadio',
  '/recordManage',
  '/recordDetail',
  '/manualRecordDetail',
  '/recordList',
  '/manualRecordList',
  '/recordEdit',
  '/recordCutList',
  '/recordLog',
  '/auditDetail',
  '/videoAuditDetail',
  '/articleAuditDetail',
  '/commentAuditDetail',
  '/splashAuditDetail',
  '/popupAuditDetail',
  '/activityAuditDetail',
  '/carouselAuditDetail',
  '/examineCollectionDetail',
  '/examineLiveDetail',
  '/examineVerticalLiveDetail',
  '/examineAudioLiveDetail',
  '/examineDiscussDetail',
  '/disclosureAuditDetail',
  '/examineHelpArticleDetail',
  '/examineNoticeDetail',
  '/examineH5ManagerDetail',
  '/mediaAuditDetail',
  '/groupAuditDetail',
  '/postAuditDetail',
  '/broadcastDetail',
  '/televisionDetail',
  '/visualRadioDetail',
  '/programDetail',
  '/televisionProgramDetail',
  '/visualRadioProgramDetail',
]

const inventedPaths = [
  '/auditBroadcastDetail',
  '/auditProgramDetail',
  '/auditTvDetail',
  '/auditTvProgramDetail',
  '/auditVisualRadioDetail',
  '/auditVisualRadioProgramDetail',
  '/smsOutbox',
  '/pushOutbox',
  '/ssoClients',
  '/jobs',
]

const channelQueues = [
  '/auditBroadcast',
  '/auditProgram',
  '/auditTv',
  '/auditTvProgram',
  '/auditVisualRadio',
  '/auditvisualRadioProgram',
]

const auditLists = screens.filter((screen) => screen.badge)
const menuLabels = [
  ...menuGroups.map((group) => group.title),
  ...screens.filter((screen) => screen.menu).map((screen) => screen.title),
  '首页',
  '个人信息',
  '退出登录',
  '主题设置',
  '语言',
]

describe('screens', () => {
  it('has unique paths starting with /', () => {
    const paths = screens.map((screen) => screen.path)
    expect(new Set(paths).size).toBe(paths.length)
    for (const path of paths) expect(path).toMatch(/^\//)
  })

  it.each(specPaths)('has the spec route %s', (path) => {
    expect(screenByPath(path)?.path).toBe(path)
  })

  it('has nothing but the spec routes and the documented additions', () => {
    expect(new Set(specPaths).size).toBe(specPaths.length)
    expect(screens.map((screen) => screen.path).sort()).toEqual([...specPaths, ...inventedPaths].sort())
    expect(screenByPath('/{hash}')).toBeUndefined()
  })

  it('resolves every parent to a menu screen of the same group', () => {
    for (const screen of screens.filter((s) => s.parent)) {
      const parent = screenByPath(screen.parent!)
      expect(parent, screen.path).toBeDefined()
      expect(parent!.menu, screen.path).toBe(true)
      expect(parent!.group, screen.path).toBe(screen.group)
    }
  })

  it('gives every detail page a parent and no list page one', () => {
    for (const screen of screens) {
      if (screen.menu || screen.public || screen.adminOnly) expect(screen.parent, screen.path).toBeUndefined()
      else expect(screen.parent, screen.path).toBeDefined()
    }
  })

  it('shares the list permission on detail pages', () => {
    for (const screen of screens.filter((s) => s.parent)) {
      expect(screen.permission, screen.path).toBe(screenByPath(screen.parent!)!.permission)
    }
  })

  it('resolves every permission to a permission page', () => {
    const names = new Set(permissionPages.map((page) => page.name))
    for (const screen of screens.filter((s) => s.permission)) {
      expect(names.has(screen.permission!), `${screen.path}: ${screen.permission}`).toBe(true)
    }
  })

  it('leaves the spec §6 open screens and public routes without permission', () => {
    for (const path of ['/organizationalStructure', '/dashboard', '/webcut', '/yunjian', ...publicPaths]) {
      expect(screenByPath(path)!.permission, path).toBeUndefined()
    }
  })

  it('gates visual-radio review by the TV review permissions', () => {
    expect(screenByPath('/auditVisualRadio')!.permission).toBe('电视审核')
    expect(screenByPath('/auditvisualRadioProgram')!.permission).toBe('电视节目审核')
  })

  it('uses the spec permission names verbatim', () => {
    const expected: Record<string, string> = {
      '/contentArticle': '内容-文章',
      '/contentVideo': '内容-视频',
      '/articleAudit': '文章审核',
      '/videoAudit': '视频审核',
      '/account': '系统-账号',
      '/roles': '系统-角色',
      '/configure': '系统-运营配置',
      '/systemlog': '系统-操作日志',
      '/users': '用户管理',
      '/operateUsers': '运营用户',
      '/medias': '媒体号管理',
      '/taskManage': '任务管理',
      '/noticeCentre': '通知中心',
      '/words': '敏感词管理',
      '/mediaLibrary': '媒体资源库管理',
      '/dataExpansion': '数据膨胀',
      '/hidden/dataExpansion': '数据膨胀',
      '/contentFlash': 'APP-闪屏',
      '/contentPopup': 'APP-弹窗',
      '/versionMange': 'APP-版本',
      '/helpArticle': 'APP-帮助文章',
      '/userFeedback': 'APP-反馈',
      '/themeManager': 'APP-主题管理',
      '/contentReportAudit': '内容举报',
      '/commentReportAudit': '评论举报',
    }
    for (const [path, permission] of Object.entries(expected)) {
      expect(screenByPath(path)!.permission, path).toBe(permission)
    }
  })

  it('marks the public, hidden and external routes', () => {
    expect([...publicPaths].sort()).toEqual(
      ['/login', '/register', '/forgot-password', '/sso/authorize', '/404', '/logout'].sort(),
    )
    for (const path of publicPaths) {
      expect(screenByPath(path)).toMatchObject({ group: null, menu: false })
    }
    expect(screenByPath('/hidden/dataExpansion')).toMatchObject({ adminOnly: true, menu: false })
    expect(screenByPath('/webcut')!.external).toBe('newWindow')
    expect(screenByPath('/yunjian')!.external).toBe('external')
    expect(screenByPath('/contentArticleDetail')!.optionalId).toBe(true)
    expect(screenByPath('/programReplayDetail')).toMatchObject({ optionalId: true, typeParam: 'source' })
  })

  it('keeps the spec type values in spec order', () => {
    expect(screenByPath('/contentArticle')!.types).toEqual({
      article: '文章列表',
      first: '首发',
      draft: '草稿箱',
      recycle: '回收站',
    })
    expect(Object.keys(screenByPath('/contentCollection')!.types!)).toEqual(['list', 'recycle', 'draft'])
    expect(Object.keys(screenByPath('/programContent')!.types!)).toEqual(['broadcast', 'tv'])
    expect(Object.keys(screenByPath('/visualRadio')!.types!)).toEqual([
      'list',
      'draft',
      'recycle',
      'programRecycle',
      'program',
    ])
    expect(Object.keys(screenByPath('/televisionProgramDetail')!.types!)).toEqual([
      'audit',
      'view',
      'editInfo',
      'edit',
      'none',
    ])
  })
})

describe('audit lists', () => {
  it('covers every audit menu entry except the version record list', () => {
    const menu = menuScreens('audit').map((screen) => screen.path)
    expect(auditLists.map((screen) => screen.path)).toEqual(menu.filter((path) => path !== '/versionAudited'))
    expect(screenByPath('/versionAudited')!.badge).toBeUndefined()
  })

  it('have unique badges', () => {
    const badges = auditLists.map((screen) => screen.badge)
    expect(new Set(badges).size).toBe(badges.length)
  })

  it.each(auditLists.map((screen) => screen.path))('%s takes list/wait or list/record', (path) => {
    const types = screenByPath(path)!.types
    if (channelQueues.includes(path)) expect(types).toEqual({ list: '待审核', record: '审核记录' })
    else expect(types).toEqual({ list: '待审核', wait: '审核记录' })
  })
})

describe('permission pages', () => {
  it('are exactly the names the screens use', () => {
    const used = new Set(screens.flatMap((screen) => (screen.permission ? [screen.permission] : [])))
    expect(new Set(permissionPages.map((page) => page.name))).toEqual(used)
    expect(permissionPages).toHaveLength(used.size)
  })

  it('have unique kebab-case keys and unique grant keys', () => {
    const keys = permissionPages.map((page) => page.key)
    expect(new Set(keys).size).toBe(keys.length)
    for (const key of keys) expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    const grants = permissionPages.flatMap((page) => page.actions.map((a) => `${page.key}-${actionKeys[a]}`))
    expect(new Set(grants).size).toBe(grants.length)
    expect(grants).toContain('content-article-view')
  })

  it('offer 查看 once per action and sit in the group of their screens', () => {
    for (const page of permissionPages) {
      expect(page.actions, page.name).toContain('查看')
      expect(new Set(page.actions).size, page.name).toBe(page.actions.length)
      const groups = screens.filter((s) => s.permission === page.name && s.group).map((s) => s.group)
      for (const group of groups) expect(group, page.name).toBe(page.group)
    }
  })

  it('give audit pages the review actions', () => {
    for (const screen of auditLists) {
      const page = permissionPages.find((p) => p.name === screen.permission)!
      expect(page.actions).toEqual(['查看', '审核', '驳回原因'])
    }
  })
})

describe('menu helpers', () => {
  it('lists menu screens per group in order', () => {
    expect(menuScreens(null).map((screen) => screen.path)).toEqual(['/dashboard'])
    expect(menuScreens('content')[0]!.path).toBe('/contentManager')
    for (const group of menuGroups) expect(menuScreens(group.key).length, group.key).toBeGreaterThan(0)
  })

  it('builds breadcrumbs root first', () => {
    expect(breadcrumbOf('/contentArticleDetail').map((s) => s.title)).toEqual(['文章管理', '文章详情'])
    expect(breadcrumbOf('/auditvisualRadioProgram').map((s) => s.path)).toEqual(['/auditvisualRadioProgram'])
    expect(breadcrumbOf('/nowhere')).toEqual([])
  })
})

describe('menu translations', () => {
  it('declares the five languages with Arabic right to left', () => {
    expect(menuLanguages.map((l) => l.code)).toEqual(['zh', 'en', 'fr', 'es', 'ar'])
    expect(menuLanguages.find((l) => l.code === 'ar')!.dir).toBe('rtl')
  })

  it.each(Object.keys(menuTranslations))('translates every menu label into %s', (lang) => {
    const table = menuTranslations[lang as keyof typeof menuTranslations]
    for (const label of menuLabels) expect(table[label]?.trim(), `${lang}: ${label}`).toBeTruthy()
    expect(Object.keys(table).sort()).toEqual([...new Set(menuLabels)].sort())
  })

  it('falls back to Chinese', () => {
    expect(translateMenu('文章管理', 'zh')).toBe('文章管理')
    expect(translateMenu('文章管理', 'en')).toBe('Articles')
    expect(translateMenu('未知', 'fr')).toBe('未知')
  })
})
