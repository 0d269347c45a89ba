import type { AccountItem } from '@moc/domain/api/accounts'
import { accountFormMessages } from '@moc/domain/api/accounts'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { App, Form, Modal } from 'antd'
import { useState } from 'react'
import { api } from '../../api/client.ts'
import { NewPasswordFields } from '../../widgets/NewPasswordFields.tsx'

interface Props {
  /** The account whose password is reset; the dialog is open while set. */
  account: AccountItem | undefined
  onClose: () => void
}

/** 重置密码: an administrator sets a new password meeting the rule; the account's sessions end. */
export function ResetPasswordDialog({ account, onClose }: Props) {
  const { message } = App.useApp()
  const [form] = Form.useForm<{ newPassword: string; confirm: string }>()
  const [saving, setSaving] = useState(false)

  const save = async ({ newPassword }: { newPassword: string }) => {
    if (!account) return
    setSaving(true)
    try {
      await api.post('/api/admin/update', { adminId: account.id, newPassword })
      message.success(accountFormMessages.passwordReset, TOAST_SUCCESS_S)
      onClose()
    } catch (err) {
      message.error(err instanceof Error ? err.message : '网络错误', TOAST_ERROR_S)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      title={`重置密码：${account?.username ?? ''}`}
      open={account !== undefined}
      onCancel={onClose}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ htmlType: 'submit' }}
      destroyOnHidden
      // The form wraps the footer, so 确定 submits it and Enter in either field does too.
      modalRender={(dom) => (
        <Form form={form} name="reset-password" layout="vertical" clearOnDestroy onFinish={save}>
          {dom}
        </Form>
      )}
    >
      <NewPasswordFields
        name="newPassword"
        label="新密码"
        placeholder="请输入新密码"
        confirmPlaceholder="请再次输入新密码"
        required
      />
    </Modal>
  )
}
