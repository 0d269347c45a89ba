import { Button } from 'antd'

/** 通过 / 驳回 on one row of a pending review queue (content queues and the comment queue alike). */
export function ReviewRowButtons({ onApprove, onReject }: { onApprove: () => void; onReject: () => void }) {
  return (
    <>
      <Button type="link" size="small" onClick={onApprove}>
        通过
      </Button>
      <Button type="link" size="small" danger onClick={onReject}>
        驳回
      </Button>
    </>
  )
}
