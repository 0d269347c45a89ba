import { type SigninSetting, TASK_POINTS_MAX } from '@moc/domain/api/tasks'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { signinRule } from '@moc/domain/resources/marketing/signinRule'
import { task } from '@moc/domain/resources/marketing/task'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Flex, Form, InputNumber, Switch, Tag, Typography } from 'antd'
import { lazy, Suspense, useEffect } from 'react'
import { api } from '../../../api/client.ts'
import { currentGrant } from '../../../api/session.ts'
import { listQueryKey } from '../../../engine/useResourceList.ts'

const ResourceList = lazy(() =>
  import('../../../engine/ResourceList.tsx').then((m) => ({ default: m.ResourceList })),
)

const SETTING_KEY = ['task-signin-setting']

interface SettingForm {
  points: number
  showState: boolean
}

/**
 * 签到设置: the daily sign-in — the task whose action is 签到 — with its points and 开启签到 (GET/POST
 * /api/task/signinSetting, which makes the task the first time), and the 连续签到奖励 rules (the engine's list of
 * signinRule in a panel: 连续签到天数, 奖励积分, 奖励勋章).
 */
export function SigninPanel() {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<SettingForm>()
  const mayEdit = can(currentGrant(), '任务管理', '编辑')
  const setting = useQuery({
    queryKey: SETTING_KEY,
    queryFn: () => api.get<SigninSetting>('/api/task/signinSetting'),
  })
  const current = setting.data?.task
  useEffect(() => {
    form.setFieldsValue({ points: current?.points ?? 10, showState: current?.showState ?? true })
  }, [current, form])
  const save = useMutation({
    mutationFn: (values: SettingForm) => api.post<SigninSetting>('/api/task/signinSetting', values),
    onSuccess: () => {
      message.success('签到设置已保存', TOAST_SUCCESS_S)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: SETTING_KEY }),
        queryClient.invalidateQueries({ queryKey: listQueryKey(task) }),
      ])
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })
  return (
    <Flex vertical gap={16}>
      <Card
        size="small"
        title="每日签到"
        loading={setting.isLoading}
        extra={
          current ? (
            current.showState ? (
              <Tag color="blue">签到已开启</Tag>
            ) : (
              <Tag>签到已关闭</Tag>
            )
          ) : (
            <Tag>尚未设置</Tag>
          )
        }
      >
        {setting.error ? <Alert type="error" showIcon title={setting.error.message} /> : null}
        <Typography.Paragraph type="secondary">
          App
          用户每天可签到一次，领取下面的积分；连续签到达到下方的天数时另发奖励积分与勋章（每段连续签到一次）。
        </Typography.Paragraph>
        <Form<SettingForm>
          form={form}
          name="signin-setting"
          layout="inline"
          disabled={!mayEdit}
          onFinish={(values) => save.mutate(values)}
        >
          <Form.Item
            label="每日签到积分"
            name="points"
            rules={[{ required: true, message: '请填写每日签到积分' }]}
          >
            <InputNumber min={0} max={TASK_POINTS_MAX} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item label="开启签到" name="showState" valuePropName="checked">
            <Switch checkedChildren="开启" unCheckedChildren="关闭" />
          </Form.Item>
          {mayEdit ? (
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                保存签到设置
              </Button>
            </Form.Item>
          ) : null}
        </Form>
      </Card>
      <section aria-label="连续签到奖励">
        <Suspense fallback={null}>
          <ResourceList def={signinRule} embedded />
        </Suspense>
      </section>
    </Flex>
  )
}
