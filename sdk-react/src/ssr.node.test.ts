// Importing the package and server-rendering the provider must touch neither the DOM nor the network.
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'

const fetchSpy = vi.fn(() => {
  throw new Error('fetch must not be called during import or SSR')
})

beforeEach(() => {
  vi.stubGlobal('fetch', fetchSpy)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

it('imports and server-renders without a DOM or the network', async () => {
  expect(typeof window).toBe('undefined')
  expect(typeof document).toBe('undefined')

  const { createConfig, ethereum, localDevnet, OrielProvider, ConnectButton } = await import('./index')
  const config = createConfig({ projectId: 'demo', networks: [ethereum, localDevnet] })

  let html = ''
  expect(() => {
    html = renderToString(createElement(OrielProvider, { config }, createElement(ConnectButton)))
  }).not.toThrow()
  expect(html).toContain('Connect Wallet')
  expect(html).not.toContain('oriel-modal')
  expect(fetchSpy).not.toHaveBeenCalled()
})
