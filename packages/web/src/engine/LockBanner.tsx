import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { isSuperAdmin } from '@moc/domain/permissions/can'
import { Alert, App, Button } from 'antd'
import { currentGrant } from '../api/session.ts'
import type { EditLock } from './useEditLock.ts'

/** Another editor holds the lock: who, and (super administrator) 强制解锁 after a confirmation. */
export function LockBanner({ lock, forceUnlock }: { lock: EditLock; forceUnlock: () => Promise<void> }) {
  const { message, modal } = App.useApp()
  if (lock.status === 'error')
    return <Alert className="moc-lock-banner" type="error" showIcon title={`${lock.message}，当前为只读`} />
  if (lock.status !== 'other') return null
  const force = () =>
    modal.confirm({
      title: '提示',
      content: `确定强制解锁？${lock.holderName} 尚未保存的修改将无法保存。`,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        forceUnlock().then(
          () => {
            message.success('已强制解锁', TOAST_SUCCESS_S)
          },
          (err: unknown) => {
            message.error(err instanceof Error ? err.message : '网络错误', TOAST_ERROR_S)
          },
        ),
    })
  return (
    <Alert
      className="moc-lock-banner"
      type="warning"
      showIcon
      title={`${lock.holderName} 正在编辑此内容，当前为只读`}
      action={
        isSuperAdmin(currentGrant()) ? (
          <Button size="small" danger onClick={force}>
            强制解锁
          </Button>
        ) : null
      }
    />
  )
}
