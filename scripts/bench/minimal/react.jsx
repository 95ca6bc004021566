// The baseline of the modal benchmark: React 19 rendering one button, nothing else.
import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root')).render(
  <button type="button" data-bench-button="">
    Connect Wallet
  </button>,
)
