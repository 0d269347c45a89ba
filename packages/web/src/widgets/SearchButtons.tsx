import { Button, Flex, Form } from 'antd'

interface Props {
  /** Runs after the form's fields are cleared, to search again with no filters. */
  onReset: () => void
}

/** 搜索 and 重置 at the end of an inline search form. */
export function SearchButtons({ onReset }: Props) {
  const form = Form.useFormInstance()
  return (
    <Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit">
          搜索
        </Button>
        <Button
          onClick={() => {
            form.resetFields()
            onReset()
          }}
        >
          重置
        </Button>
      </Flex>
    </Form.Item>
  )
}
