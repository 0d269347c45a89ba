import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App } from 'antd'
import type { z } from 'zod'
import { api } from '../../api/client.ts'

/** The system settings (GET /api/setting/get without a type), shared by the cards of /configure. */
export const SYSTEM_SETTINGS_KEY = ['system-settings']

/**
 * One system setting edited on its own card (编辑器设置, 外部工具): the stored value, and `submit`, which checks a
 * value with the setting's shared schema (the server's last word, which also trims) before saving it.
 */
export function useSettingCard<S extends z.ZodType>(key: string, schema: S, onSaved?: () => void) {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const settings = useQuery({
    queryKey: SYSTEM_SETTINGS_KEY,
    queryFn: () => api.get<Record<string, unknown>>('/api/setting/get'),
  })
  const save = useMutation({
    mutationFn: (value: z.output<S>) => api.post('/api/setting/update', { key, value }),
    onSuccess: () => {
      message.success('保存成功', TOAST_SUCCESS_S)
      onSaved?.()
      return queryClient.invalidateQueries({ queryKey: SYSTEM_SETTINGS_KEY })
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })
  const submit = (value: unknown) => {
    const parsed = schema.safeParse(value)
    if (parsed.success) save.mutate(parsed.data)
    else message.error(parsed.error.issues[0]?.message ?? '设置有误', TOAST_ERROR_S)
  }
  return { settings, value: settings.data?.[key] as z.output<S> | undefined, save, submit }
}
