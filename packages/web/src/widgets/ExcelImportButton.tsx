import { Button, Upload } from 'antd'

/** 导入: chooses an .xlsx and hands it over (the caller sends it); nothing is uploaded by the widget itself. */
export function ExcelImportButton({ busy, onFile }: { busy: boolean; onFile: (file: File) => void }) {
  return (
    <Upload
      accept=".xlsx"
      showUploadList={false}
      beforeUpload={(file) => {
        onFile(file)
        return false
      }}
    >
      <Button loading={busy}>导入</Button>
    </Upload>
  )
}
