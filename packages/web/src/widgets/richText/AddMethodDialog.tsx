import { CameraOutlined, CloudUploadOutlined, FolderOpenOutlined } from '@ant-design/icons'
import { Button, Flex, Modal } from 'antd'

export type AddMethod = 'library' | 'local' | 'screenshot'

interface Props {
  open: boolean
  /** 媒资库导入 is offered only to users who may view the media library (spec §6). */
  library: boolean
  /** 视频截图 is offered when the document holds a video (spec §2). */
  screenshot: boolean
  onChoose: (method: AddMethod) => void
  onCancel: () => void
}

/** 添加方式选择 (spec §2): where the picture or media to insert comes from. */
export function AddMethodDialog({ open, library, screenshot, onChoose, onCancel }: Props) {
  return (
    <Modal open={open} title="添加方式选择" footer={null} onCancel={onCancel} width={420} destroyOnHidden>
      <Flex gap={12} wrap justify="center">
        <Button icon={<FolderOpenOutlined />} disabled={!library} onClick={() => onChoose('library')}>
          媒资库导入
        </Button>
        <Button icon={<CloudUploadOutlined />} onClick={() => onChoose('local')}>
          本地上传
        </Button>
        {screenshot ? (
          <Button icon={<CameraOutlined />} onClick={() => onChoose('screenshot')}>
            视频截图
          </Button>
        ) : null}
      </Flex>
    </Modal>
  )
}
