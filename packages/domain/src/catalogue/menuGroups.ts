import type { MenuGroup } from './types.ts'

export const menuGroups: readonly MenuGroup[] = [
  { key: 'home', title: '首页管理', icon: 'HomeOutlined' },
  { key: 'content', title: '内容管理', icon: 'FileTextOutlined' },
  { key: 'question', title: '问卷管理', icon: 'FormOutlined' },
  { key: 'app', title: 'APP管理', icon: 'MobileOutlined' },
  { key: 'audit', title: '审核中心', icon: 'AuditOutlined' },
  { key: 'media', title: '媒体号管理', icon: 'IdcardOutlined' },
  { key: 'community', title: '社区与用户', icon: 'TeamOutlined' },
  { key: 'activity', title: '活动管理', icon: 'FlagOutlined' },
  { key: 'marketing', title: '营销与任务', icon: 'GiftOutlined' },
  { key: 'system', title: '系统管理', icon: 'SettingOutlined' },
  { key: 'broadcast', title: '广播电视', icon: 'VideoCameraOutlined' },
]
