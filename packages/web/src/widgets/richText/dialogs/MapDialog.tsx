import { type EditorMapInput, editorMessages } from '@moc/domain/api/editor'
import { TOAST_ERROR_S } from '@moc/domain/constants'
import { useMutation } from '@tanstack/react-query'
import { Alert, App, Form, Input, InputNumber, Modal, Space } from 'antd'
import { api } from '../../../api/client.ts'
import { Loading } from '../../Loading.tsx'
import { useEditorConfig } from './useEditorConfig.ts'

interface Props {
  open: boolean
  onClose: () => void
  onInsert: (html: string) => void
}

/**
 * 地图 (spec §2 rich-text editor): a location card — name, address and, when a static-map provider is configured and
 * the coordinates are given, a map picture the server fetched onto our own storage.
 */
export function MapDialog({ open, onClose, onInsert }: Props) {
  const { message } = App.useApp()
  const config = useEditorConfig()
  const [form] = Form.useForm<EditorMapInput>()
  const map = config.data?.map
  const card = useMutation({
    mutationFn: (place: EditorMapInput) =>
      api.post<{ html: string; image: string | null }>('/api/editor/map', place),
    onSuccess: (res, place) => {
      if (!res.image && map?.staticImage && place.lng !== undefined && place.lat !== undefined)
        message.warning(editorMessages.mapImageFailed, TOAST_ERROR_S)
      onInsert(res.html)
      onClose()
    },
    onError: (err) => message.error(err.message, TOAST_ERROR_S),
  })

  const usable = !!map?.enabled
  return (
    <Modal
      open={open}
      title="插入地图"
      okText="插入"
      cancelText="取消"
      onCancel={onClose}
      okButtonProps={{ disabled: !usable, loading: card.isPending }}
      onOk={() =>
        form.validateFields().then((v) =>
          card.mutate({
            name: v.name.trim(),
            address: v.address.trim(),
            ...(typeof v.lng === 'number' && typeof v.lat === 'number' ? { lng: v.lng, lat: v.lat } : {}),
          }),
        )
      }
      destroyOnHidden
    >
      {config.isLoading ? (
        <Loading />
      ) : config.error ? (
        <Alert type="error" showIcon title={config.error.message} />
      ) : !usable ? (
        <Alert type="warning" showIcon title={editorMessages.mapOff} />
      ) : (
        <Form form={form} layout="vertical" name="editor-map">
          <Form.Item
            name="name"
            label="地点名称"
            rules={[{ required: true, whitespace: true, message: editorMessages.mapNameRequired }]}
          >
            <Input maxLength={100} placeholder="如：市民中心" />
          </Form.Item>
          <Form.Item
            name="address"
            label="详细地址"
            rules={[{ required: true, whitespace: true, message: editorMessages.mapAddressRequired }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          {map.staticImage ? (
            <Form.Item label="经纬度" extra="填写经纬度后附带地图图片；不填则插入不含图片的位置卡片">
              <Space.Compact block>
                <Form.Item name="lng" noStyle>
                  <InputNumber
                    min={-180}
                    max={180}
                    step={0.000001}
                    placeholder="经度"
                    style={{ width: '50%' }}
                  />
                </Form.Item>
                <Form.Item name="lat" noStyle>
                  <InputNumber
                    min={-90}
                    max={90}
                    step={0.000001}
                    placeholder="纬度"
                    style={{ width: '50%' }}
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          ) : (
            <Alert type="info" showIcon title="未配置地图图片服务，将插入不含图片的位置卡片" />
          )}
        </Form>
      )}
    </Modal>
  )
}
