import type { FieldDef } from '@moc/domain/resources/types'
import { Button, Flex, Image } from 'antd'
import { UploadField } from '../widgets/UploadField.tsx'

/**
 * A field of several pictures (FieldKind 'imageList', e.g. the pictures a feedback carries): the pictures in order,
 * each opening a preview; while editable, each can be removed and one more uploaded until `max`.
 */
export function ImageListInput({
  id,
  value,
  onChange,
  field: f,
  disabled,
}: {
  id?: string
  value?: string[]
  onChange?: (v: string[]) => void
  field: FieldDef
  disabled: boolean
}) {
  const urls = Array.isArray(value) ? value : []
  const max = f.max ?? 9
  if (disabled && !urls.length) return <span id={id}>--</span>
  return (
    <Flex id={id} gap={8} wrap align="start">
      <Image.PreviewGroup>
        {urls.map((url, i) => (
          <Flex key={url} vertical gap={4} align="center">
            <Image
              src={url}
              width={96}
              height={96}
              style={{ objectFit: 'cover' }}
              alt={`${f.label}${i + 1}`}
            />
            {disabled ? null : (
              <Button
                size="small"
                type="link"
                danger
                onClick={() => onChange?.(urls.filter((_, j) => j !== i))}
              >
                删除
              </Button>
            )}
          </Flex>
        ))}
      </Image.PreviewGroup>
      {disabled || urls.length >= max ? null : (
        <UploadField
          value=""
          onChange={(url: string) => url && onChange?.([...urls, url])}
          kind="image"
          label={f.label}
          disabled={false}
        />
      )}
    </Flex>
  )
}
