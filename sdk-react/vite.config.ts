// Vite/vitest config for @oriel/react. The root `vite.workspace.ts` extends it for the `sdk` project.
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
})
