import { Typography } from 'antd'

/** Refused rows listed in an import's summary; the rest are counted. */
const SHOWN = 50

/** The refused rows of an import (第 N 行：why), the first SHOWN of them, and how many more there are. */
export function FailedRows({ lines }: { lines: readonly string[] }) {
  return (
    <>
      {lines.slice(0, SHOWN).map((line) => (
        <Typography.Text key={line} type="danger">
          {line}
        </Typography.Text>
      ))}
      {lines.length > SHOWN ? (
        <Typography.Text type="secondary">另有 {lines.length - SHOWN} 行失败未列出</Typography.Text>
      ) : null}
    </>
  )
}
