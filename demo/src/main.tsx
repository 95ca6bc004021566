import { OrielProvider } from '@oriel/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { config } from './config'
import './styles.css'

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <OrielProvider config={config}>
      <App />
    </OrielProvider>
  </StrictMode>,
)
