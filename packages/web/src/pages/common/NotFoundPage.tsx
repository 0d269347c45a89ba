import { Button, Result } from 'antd'
import { useNavigate } from 'react-router'

/** /404: unknown paths and screens the user may not open land here (spec §2). */
export default function NotFoundPage() {
  const navigate = useNavigate()
  return (
    <Result
      status="404"
      title="404"
      subTitle="找不到页面"
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          返回首页
        </Button>
      }
    />
  )
}
