import {
  AppstoreOutlined,
  AuditOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FlagOutlined,
  FormOutlined,
  GiftOutlined,
  HomeOutlined,
  IdcardOutlined,
  MobileOutlined,
  SettingOutlined,
  TeamOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons'
import type { ComponentType } from 'react'

/** Icons the catalogue names (menuGroups.ts), imported one by one so unused icons stay out of the bundle. */
const icons: Record<string, ComponentType> = {
  AppstoreOutlined,
  AuditOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FlagOutlined,
  FormOutlined,
  GiftOutlined,
  HomeOutlined,
  IdcardOutlined,
  MobileOutlined,
  SettingOutlined,
  TeamOutlined,
  VideoCameraOutlined,
}

/** A menu icon by its @ant-design/icons name; unknown names fall back to a neutral grid icon. */
export function MenuIcon({ name }: { name: string | undefined }) {
  const Icon = (name && icons[name]) || AppstoreOutlined
  return <Icon />
}
