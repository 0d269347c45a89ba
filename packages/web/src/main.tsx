import './app/zodConfig.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { cspNonce, stampStyleNonces } from './app/cspNonce.ts'
import './styles.css'

stampStyleNonces(cspNonce)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
