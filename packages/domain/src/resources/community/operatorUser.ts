import { defineResource } from '../types.ts'
import { accountFields, accountStateTabs, lockCommands } from './appUser.ts'

/**
 * 运营用户 (spec §2 /operateUsers, /operateUserDetail; 马甲号): app accounts the platform runs, rows of app_user with
 * `operator` set. Operators make them here (no sign-up, the phone optional), and post and comment as them — comment
 * templates (/operateComment) go out under these names, and a 网评员 (/networkManage) is bound to one. Locked like
 * any user.
 */
export const operatorUser = defineResource({
  name: 'operatorUser',
  label: '运营用户',
  storage: { table: 'app_user', fixed: { operator: true } },
  scope: 'none',
  titleField: 'nickname',
  permissionPage: '运营用户',
  screens: { list: '/operateUsers', detail: '/operateUserDetail' },
  fields: {
    ...accountFields,
    nickname: { ...accountFields.nickname, unique: { message: '已有同名的运营用户' } },
    phone: {
      ...accountFields.phone,
      // App users' phones too: a phone is one app account (app_user_phone).
      unique: { message: '该手机号已被使用', table: true },
      help: '选填；填写后可用此号码登录 App',
    },
    region: { ...accountFields.region, search: true },
  },
  list: {
    types: accountStateTabs,
    columns: ['nickname', 'avatar', 'phone', 'gender', 'region', 'state'],
  },
  actions: [],
  commands: lockCommands,
})
