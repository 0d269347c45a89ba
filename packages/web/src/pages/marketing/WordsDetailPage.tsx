import {
  type SensitiveLevel,
  sensitiveLevelHelp,
  sensitiveLevelLabels,
  sensitiveLevels,
  WORD_CATEGORY_MAX,
  WORD_MAX,
  type WordItem,
  wordMessages,
} from '@moc/domain/api/sensitiveWords'
import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, AutoComplete, Button, Card, Flex, Form, Input, Radio } from 'antd'
import { useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { api } from '../../api/client.ts'
import { currentGrant } from '../../api/session.ts'
import { Loading } from '../../widgets/Loading.tsx'
import { useWordCategories, WORD_CATEGORIES_KEY, WORD_DETAIL_KEY, WORD_LIST_KEY } from './wordQueries.ts'

interface Values {
  word: string
  category: string
  level: SensitiveLevel
}

/** 敏感词详情 (/wordsDetail): add a word, or edit one with ?id=. */
export default function WordsDetailPage() {
  const [params] = useSearchParams()
  const raw = params.get('id')
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined
  const detail = useQuery({
    queryKey: [WORD_DETAIL_KEY, id],
    queryFn: () => api.get<WordItem>('/api/sensitive-word/detail', { id }),
    enabled: id !== undefined,
  })
  if (id !== undefined && detail.isLoading) return <Loading />
  if (detail.error)
    return (
      <Card>
        <Alert type="error" showIcon title={detail.error.message} />
      </Card>
    )
  return <WordForm key={id ?? 'new'} item={detail.data} />
}

function WordForm({ item }: { item: WordItem | undefined }) {
  const { message } = App.useApp()
  const navigate = useNavigate()
  const location = useLocation()
  const queryClient = useQueryClient()
  const [saving, setSaving] = useState(false)
  const [serverError, setServerError] = useState<string>()
  const categories = useWordCategories()
  const editing = item !== undefined
  const mayWrite = can(currentGrant(), '敏感词管理', editing ? '编辑' : '添加')
  const back = () => (location.key === 'default' ? navigate('/words') : navigate(-1))

  const save = async (values: Values) => {
    setSaving(true)
    setServerError(undefined)
    try {
      const body = { ...values, category: values.category ?? '' }
      if (editing) await api.post('/api/sensitive-word/modify', { id: item.id, ...body })
      else await api.post('/api/sensitive-word/add', body)
      message.success(editing ? wordMessages.modified : wordMessages.created, TOAST_SUCCESS_S)
      await Promise.all(
        [WORD_LIST_KEY, WORD_DETAIL_KEY, WORD_CATEGORIES_KEY].map((k) =>
          queryClient.invalidateQueries({ queryKey: [k] }),
        ),
      )
      back()
    } catch (err) {
      const text = (err as Error).message
      setServerError(text)
      message.error(text, TOAST_ERROR_S)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card title={editing ? `${mayWrite ? '编辑' : '查看'}敏感词` : '添加敏感词'}>
      {serverError ? <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} /> : null}
      <Form<Values>
        name="word-detail"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 12 }}
        initialValues={item ?? { word: '', category: '', level: 'review' }}
        onFinish={save}
        disabled={!mayWrite}
      >
        <Form.Item
          label="敏感词"
          name="word"
          rules={[
            { required: true, whitespace: true, message: wordMessages.wordRequired },
            { max: WORD_MAX, message: wordMessages.wordTooLong },
          ]}
        >
          <Input autoFocus maxLength={WORD_MAX} placeholder="请输入敏感词" />
        </Form.Item>
        <Form.Item
          label="分类"
          name="category"
          rules={[{ max: WORD_CATEGORY_MAX, message: wordMessages.categoryTooLong }]}
        >
          <AutoComplete
            allowClear
            placeholder="如：违法、广告、低俗"
            options={(categories.data ?? []).map((c) => ({ value: c }))}
            filterOption={(input, option) => String(option?.value ?? '').includes(input)}
          />
        </Form.Item>
        <Form.Item
          label="级别"
          name="level"
          rules={[{ required: true, message: wordMessages.levelRequired }]}
          extra={sensitiveLevels
            .map((l) => `${sensitiveLevelLabels[l]}：${sensitiveLevelHelp[l]}`)
            .join('；')}
        >
          <Radio.Group options={sensitiveLevels.map((l) => ({ value: l, label: sensitiveLevelLabels[l] }))} />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4, span: 12 }}>
          <Flex gap={8}>
            {mayWrite ? (
              <Button type="primary" htmlType="submit" loading={saving}>
                保存
              </Button>
            ) : null}
            <Button onClick={back} disabled={false}>
              返回
            </Button>
          </Flex>
        </Form.Item>
      </Form>
    </Card>
  )
}
