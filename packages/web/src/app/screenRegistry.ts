import { resources } from '@moc/domain/resources/index'
import { type ComponentType, createElement } from 'react'
import { resourceScreens } from '../engine/resourceScreens.ts'
import { reviewScreens } from '../engine/reviewScreens.ts'
import { couponScreens } from '../pages/marketing/couponScreens.ts'
import { noticeScreens } from '../pages/marketing/noticeScreens.ts'
import { redPacketScreens } from '../pages/marketing/redPacketScreens.ts'
import { shopScreens } from '../pages/marketing/shopScreens.ts'
import { taskScreens } from '../pages/marketing/taskScreens.ts'
import { lazyScreen } from './lazyScreen.ts'

type Screen = ComponentType

/**
 * Screens that have their page built, by catalogue path. Every other catalogue screen renders the
 * PendingScreen page (its title and place in the menu, from the catalogue) until its issue lands. A page written for
 * a path wins over the engine's: a definition drawn as a panel of another screen (弹幕模板 in /bulletChat) names it.
 */
export const screenRegistry: Record<string, Screen> = {
  // List and detail screens of every resource definition (content engine).
  ...resourceScreens(resources),
  // Review queues and their detail screens of every definition with `review` (review workflow).
  ...reviewScreens(resources),
  '/dashboard': lazyScreen(() => import('../pages/dashboard/DashboardPage.tsx')),
  '/account': lazyScreen(() => import('../pages/system/AccountPage.tsx')),
  '/accountDetail': lazyScreen(() => import('../pages/system/AccountDetailPage.tsx')),
  '/organizationalStructure': lazyScreen(() => import('../pages/system/OrganizationalStructurePage.tsx')),
  '/roles': lazyScreen(() => import('../pages/system/RolesPage.tsx')),
  '/rolesDetail': lazyScreen(() => import('../pages/system/RolesDetailPage.tsx')),
  '/smsOutbox': lazyScreen(() => import('../pages/system/SmsOutboxPage.tsx')),
  '/jobs': lazyScreen(() => import('../pages/system/JobsPage.tsx')),
  '/systemlog': lazyScreen(() => import('../pages/system/SystemLogPage.tsx')),
  '/configure': lazyScreen(() => import('../pages/system/ConfigurePage.tsx')),
  '/styleSetting': lazyScreen(() => import('../pages/system/StyleSettingPage.tsx')),
  '/ssoClients': lazyScreen(() => import('../pages/system/SsoClientsPage.tsx')),
  '/auditProcess': lazyScreen(() => import('../pages/system/AuditProcessPage.tsx')),
  '/mediaLibrary': lazyScreen(() => import('../pages/system/MediaLibraryPage.tsx')),
  '/words': lazyScreen(() => import('../pages/marketing/WordsPage.tsx')),
  '/wordsDetail': lazyScreen(() => import('../pages/marketing/WordsDetailPage.tsx')),
  '/contentManager': lazyScreen(() => import('../pages/content/ContentManagerPage.tsx')),
  '/publishFlash': lazyScreen(() => import('../pages/app/PublishFlashPage.tsx')),
  '/recrodCreateVideo': lazyScreen(() => import('../pages/content/RecordCreateVideoPage.tsx')),
  '/mediaLibraryVideo': lazyScreen(() => import('../pages/content/MediaLibraryVideoPage.tsx')),
  '/bulletChat': lazyScreen(() => import('../pages/content/BulletChatPage.tsx')),
  '/bulletChatDetail': lazyScreen(() => import('../pages/content/BulletChatDetailPage.tsx')),
  '/commentAudit': lazyScreen(() => import('../pages/content/CommentAuditPage.tsx')),
  '/commentAuditDetail': lazyScreen(() => import('../pages/content/CommentAuditDetailPage.tsx')),
  // Community users and growth: the engine's forms with what they cannot draw beside them (decision 0040).
  '/userDetail': lazyScreen(() => import('../pages/community/UsersDetailPage.tsx')),
  '/activityInfo': lazyScreen(() => import('../pages/activity/ActivityInfoPage.tsx')),
  '/essayActivity': lazyScreen(() => import('../pages/activity/ActivityKindPage.tsx')),
  '/normalActivity': lazyScreen(() =>
    import('../pages/activity/ActivityKindPage.tsx').then((m) => ({ default: m.NormalActivityPage })),
  ),
  '/payActivity': lazyScreen(() =>
    import('../pages/activity/ActivityKindPage.tsx').then((m) => ({ default: m.PayActivityPage })),
  ),
  '/operateUserDetail': lazyScreen(() =>
    import('../pages/community/UsersDetailPage.tsx').then((m) => ({ default: m.OperatorUserDetailPage })),
  ),
  '/portraitDetail': lazyScreen(() => import('../pages/community/PortraitsDetailPage.tsx')),
  '/invitationCode': lazyScreen(() => import('../pages/community/InvitationsPage.tsx')),
  '/groupContent': lazyScreen(() => import('../pages/community/CirclesContentPage.tsx')),
  '/topicContent': lazyScreen(() => import('../pages/community/TopicsContentPage.tsx')),
  '/postAuditDetail': lazyScreen(() => import('../pages/community/PostsAuditDetailPage.tsx')),
  '/comments': lazyScreen(() => import('../pages/community/CommentsPage.tsx')),
  '/topicComment': lazyScreen(() => import('../pages/community/CommentsPage.tsx')),
  '/operateComment': lazyScreen(() => import('../pages/community/CommentTemplatesPage.tsx')),
  // Media accounts: the engine's screens, with what an account's screens add around them (decision 0043).
  '/mediasDetail': lazyScreen(() => import('../pages/media/MediasDetailPage.tsx')),
  '/mediasOperator': lazyScreen(() => import('../pages/media/MediasOperatorPage.tsx')),
  '/mediaContent': lazyScreen(() => import('../pages/media/MediaContentPage.tsx')),
  '/mediaGroupContent': lazyScreen(() => import('../pages/media/MediaGroupContentPage.tsx')),
  '/mediaArticleDetail': lazyScreen(() =>
    import('../pages/media/MediaItemPages.tsx').then((m) => ({ default: m.MediaArticleDetailPage })),
  ),
  '/mediaVideoDetail': lazyScreen(() =>
    import('../pages/media/MediaItemPages.tsx').then((m) => ({ default: m.MediaVideoDetailPage })),
  ),
  '/mediaArticleComments': lazyScreen(() =>
    import('../pages/media/MediaItemPages.tsx').then((m) => ({ default: m.MediaArticleCommentsPage })),
  ),
  '/mediaVideoComments': lazyScreen(() =>
    import('../pages/media/MediaItemPages.tsx').then((m) => ({ default: m.MediaVideoCommentsPage })),
  ),
  // Votes: the vote, its live results, its modules and options (decision 0044).
  '/activeVotingDetail': lazyScreen(() => import('../pages/activity/VoteDetailPage.tsx')),
  // Questionnaires: a questionnaire's questions and sheets, its statistics, its scores (decision 0046).
  '/questionTopic': lazyScreen(() => import('../pages/question/QuestionTopicPage.tsx')),
  '/performance': lazyScreen(() => import('../pages/question/PerformancePage.tsx')),
  '/questionScore': lazyScreen(() => import('../pages/question/QuestionScorePage.tsx')),
  // Marketing and tasks: pages beside the engine's (decisions 0047–0051).
  ...couponScreens,
  ...redPacketScreens,
  ...noticeScreens,
  ...taskScreens,
  ...shopScreens,
  // External tools: their own windows, outside the shell (router.tsx).
  '/webcut': lazyScreen(() =>
    import('../pages/content/ExternalToolPage.tsx').then((m) => ({
      default: () => createElement(m.ExternalToolPage, { tool: 'webcut' }),
    })),
  ),
  '/yunjian': lazyScreen(() =>
    import('../pages/content/ExternalToolPage.tsx').then((m) => ({
      default: () => createElement(m.ExternalToolPage, { tool: 'yunjian' }),
    })),
  ),
}

export const publicScreens: Record<string, Screen> = {
  '/login': lazyScreen(() => import('../pages/auth/LoginPage.tsx')),
  '/register': lazyScreen(() => import('../pages/auth/RegisterPage.tsx')),
  '/forgot-password': lazyScreen(() => import('../pages/auth/ForgotPasswordPage.tsx')),
  '/logout': lazyScreen(() => import('../pages/auth/LogoutPage.tsx')),
  '/404': lazyScreen(() => import('../pages/common/NotFoundPage.tsx')),
  '/sso/authorize': lazyScreen(() => import('../pages/auth/SsoAuthorizePage.tsx')),
}
