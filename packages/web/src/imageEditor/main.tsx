import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ImageEditor } from './ImageEditor.tsx'
import './imageEditor.css'

// The editor page of the 编辑图片 dialog (decision 0016): its own entry, so neither antd nor the console's code
// loads in the frame, and the editor's code stays out of the console's bundle.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ImageEditor />
  </StrictMode>,
)
