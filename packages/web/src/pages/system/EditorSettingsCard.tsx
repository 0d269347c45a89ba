import {
  type EditorSettings,
  editorMessages,
  editorSettingsSchema,
  isAllowedOrigin,
  isSecureOrLocalUrl,
  mapImageTemplateSchema,
} from '@moc/domain/api/editor'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Divider, Flex, Form, type FormRule, Input, Modal, Select, Switch } from 'antd'
import { useEffect, useState } from 'react'
import { Editor135Button } from '../../widgets/richText/dialogs/Editor135Button.tsx'
import { HtmlPreview } from '../../widgets/richText/dialogs/HtmlPreview.tsx'
import { MapDialog } from '../../widgets/richText/dialogs/MapDialog.tsx'
import { EDITOR_CONFIG_KEY } from '../../widgets/richText/dialogs/useEditorConfig.ts'
import { XiumiDialog } from '../../widgets/richText/dialogs/XiumiDialog.tsx'
import { useSettingCard } from './useSettingCard.ts'

/** The form's flat fields (a third-party editor is on when its switch is). */
interface Values {
  allowLocalImages: boolean
  embedOrigins: string[]
  mapEnabled: boolean
  mapImageUrl: string
  xiumiOn: boolean
  xiumiUrl: string
  xiumiOrigins: string[]
  editor135On: boolean
  editor135Url: string
  editor135Origins: string[]
}

const toValues = (s: EditorSettings): Values => ({
  allowLocalImages: s.allowLocalImages,
  embedOrigins: s.embedOrigins,
  mapEnabled: s.mapEnabled,
  mapImageUrl: s.mapImageUrl,
  xiumiOn: !!s.xiumi,
  xiumiUrl: s.xiumi?.url ?? '',
  xiumiOrigins: s.xiumi?.origins ?? [],
  editor135On: !!s.editor135,
  editor135Url: s.editor135?.url ?? '',
  editor135Origins: s.editor135?.origins ?? [],
})

const toSettings = (v: Values): EditorSettings => ({
  allowLocalImages: v.allowLocalImages,
  embedOrigins: v.embedOrigins ?? [],
  mapEnabled: v.mapEnabled,
  mapImageUrl: (v.mapImageUrl ?? '').trim(),
  xiumi: v.xiumiOn ? { url: (v.xiumiUrl ?? '').trim(), origins: v.xiumiOrigins ?? [] } : null,
  editor135: v.editor135On ? { url: (v.editor135Url ?? '').trim(), origins: v.editor135Origins ?? [] } : null,
})

/** antd rules from the shared checks (@moc/domain/api/editor), so each field says what is wrong as it changes. */
const check = (ok: (v: never) => boolean, msg: string): FormRule => ({
  validator: (_, v) => (ok(v as never) ? Promise.resolve() : Promise.reject(new Error(msg))),
})
const originRules = (required: boolean): FormRule[] => [
  check((v: string[] | undefined) => !required || (v?.length ?? 0) > 0, editorMessages.originsRequired),
  check((v: string[] | undefined) => (v ?? []).every(isAllowedOrigin), editorMessages.originInvalid),
]
const urlRules: FormRule[] = [
  check((v: string | undefined) => isSecureOrLocalUrl((v ?? '').trim()), editorMessages.urlInvalid),
]
const mapRules: FormRule[] = [
  check(
    (v: string | undefined) => mapImageTemplateSchema.safeParse(v ?? '').success,
    editorMessages.mapTemplateInvalid,
  ),
]

const originsHelp = '如 https://xiumi.us；只填协议、域名和端口，回车确认一项'

/** The switch, page address and message origins of one third-party layout editor (秀米 or 135编辑器). */
function LayoutEditorFields(props: {
  name: 'xiumi' | 'editor135'
  title: string
  on: boolean
  urlExtra: string
  urlPlaceholder: string
  originPlaceholder: string
}) {
  const short = props.name === 'xiumi' ? '秀米' : '135'
  return (
    <>
      <Divider plain>{props.title}</Divider>
      <Form.Item label={`启用${props.title}`} name={`${props.name}On`} valuePropName="checked">
        <Switch />
      </Form.Item>
      {props.on ? (
        <>
          <Form.Item
            label={`${short}页面地址`}
            name={`${props.name}Url`}
            rules={urlRules}
            extra={props.urlExtra}
          >
            <Input placeholder={props.urlPlaceholder} />
          </Form.Item>
          <Form.Item
            label={`${short}消息来源`}
            name={`${props.name}Origins`}
            rules={originRules(true)}
            extra={`只接收这些来源发回的内容。${originsHelp}`}
          >
            <Select
              mode="tags"
              open={false}
              suffixIcon={null}
              placeholder={props.originPlaceholder}
              tokenSeparators={[' ', ',']}
            />
          </Form.Item>
        </>
      ) : null}
    </>
  )
}

/**
 * 编辑器设置 (super admins; decision 0020): local images in pastes, embed origins, the map card's static image,
 * and the 秀米 / 135编辑器 pages with the origins they may post HTML from. 试用 opens the saved configuration the
 * way the editor does, to check it.
 */
export function EditorSettingsCard() {
  const queryClient = useQueryClient()
  const [form] = Form.useForm<Values>()
  const [trial, setTrial] = useState<'xiumi' | 'map' | null>(null)
  const [received, setReceived] = useState<string | null>(null)
  const { settings, value, save, submit } = useSettingCard('editor', editorSettingsSchema, () =>
    queryClient.invalidateQueries({ queryKey: EDITOR_CONFIG_KEY }),
  )
  useEffect(() => {
    if (value) form.setFieldsValue(toValues(value))
  }, [value, form])
  const xiumiOn = Form.useWatch('xiumiOn', form)
  const editor135On = Form.useWatch('editor135On', form)

  return (
    <Card title="编辑器设置">
      {settings.error ? <Alert type="error" showIcon title={settings.error.message} /> : null}
      <Form
        form={form}
        name="editor-settings"
        layout="horizontal"
        labelCol={{ flex: '140px' }}
        onFinish={(v) => submit(toSettings(v))}
        disabled={settings.isLoading}
      >
        <Form.Item
          label="允许本地图片"
          name="allowLocalImages"
          valuePropName="checked"
          extra="关闭后，粘贴内容中的本地图片（剪贴板中的图片文件、data: 图片）会被移除"
        >
          <Switch />
        </Form.Item>
        <Form.Item
          label="允许嵌入的来源"
          name="embedOrigins"
          rules={originRules(false)}
          extra={`正文中只保留这些来源的 iframe（如视频播放器）。${originsHelp}`}
        >
          <Select
            mode="tags"
            open={false}
            suffixIcon={null}
            placeholder="https://v.qq.com"
            tokenSeparators={[' ', ',']}
          />
        </Form.Item>
        <Divider plain>地图</Divider>
        <Form.Item label="地图" name="mapEnabled" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          label="静态地图地址"
          name="mapImageUrl"
          rules={mapRules}
          extra="地图图片服务地址，含 {lng}、{lat} 占位符（如 https://restapi.amap.com/v3/staticmap?location={lng},{lat}&zoom=15&size=500*300&key=…）；留空则插入不含图片的位置卡片"
        >
          <Input allowClear placeholder="https://…{lng}…{lat}…" />
        </Form.Item>
        <LayoutEditorFields
          name="xiumi"
          title="秀米"
          on={xiumiOn}
          urlExtra="在对话框中打开的秀米页面；地址中的 {openId} 替换为账号的秀米 openId（没有占位符时附加 openId 参数）"
          urlPlaceholder="https://xiumi.us/studio/v5#/paper"
          originPlaceholder="https://xiumi.us"
        />
        <LayoutEditorFields
          name="editor135"
          title="135编辑器"
          on={editor135On}
          urlExtra="在弹出窗口中打开的135编辑器页面"
          urlPlaceholder="https://www.135editor.com/beautify_editor.html"
          originPlaceholder="https://www.135editor.com"
        />
        <Form.Item label={null}>
          <Flex gap={8} wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存设置
            </Button>
            <Button onClick={() => setTrial('xiumi')}>试用秀米</Button>
            <Editor135Button onInsert={setReceived} />
            <Button onClick={() => setTrial('map')}>试用地图</Button>
          </Flex>
        </Form.Item>
      </Form>
      <XiumiDialog open={trial === 'xiumi'} onClose={() => setTrial(null)} onInsert={setReceived} />
      <MapDialog open={trial === 'map'} onClose={() => setTrial(null)} onInsert={setReceived} />
      <Modal
        open={received !== null}
        title="收到的内容"
        footer={null}
        onCancel={() => setReceived(null)}
        destroyOnHidden
      >
        <HtmlPreview html={received ?? ''} label="收到的内容" />
      </Modal>
    </Card>
  )
}
