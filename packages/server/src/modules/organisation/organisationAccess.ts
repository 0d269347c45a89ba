import { screenByPath } from '@moc/domain/catalogue'

/**
 * Spec §6 gives the organisation structure (/organizationalStructure) no permission: reading is open to any
 * signed-in account. Changing it is account administration, so its writes need 系统-账号 编辑, and are logged
 * under the screen they are made on, 组织架构 (decision 0034), not under the accounts page.
 */
export const organisationWrite = (audit: string) =>
  ({
    access: { page: '系统-账号', action: '编辑' },
    audit,
    auditPage: screenByPath('/organizationalStructure')!.title,
  }) as const
