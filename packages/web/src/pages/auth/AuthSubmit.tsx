import { Alert, Button, Form } from 'antd'

interface Props {
  /** The last failure, shown just above the button. */
  error?: string
  loading: boolean
  children: string
}

/** An auth form's submit button, with what went wrong last time above it. */
export function AuthSubmit({ error, loading, children }: Props) {
  return (
    <>
      {error ? <Alert className="auth-alert" type="error" showIcon title={error} /> : null}
      <Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={loading}>
          {children}
        </Button>
      </Form.Item>
    </>
  )
}
