import { render } from '@testing-library/react'
import { StrictMode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createConfig } from '../core/config/createConfig'
import { ethereum } from '../core/networks'
import { OrielProvider } from './OrielProvider'
import { OrielWidget } from './OrielWidget'
import { useOrielModal } from './hooks/useOrielModal'

function View() {
  return <span>{useOrielModal().view ?? 'none'}</span>
}

describe('OrielProvider', () => {
  const config = createConfig({ projectId: 'demo', networks: [ethereum], features: { email: false, socials: false } })

  it('renders children and no modal host until opened, under StrictMode', () => {
    const request = vi.fn()
    window.addEventListener('eip6963:requestProvider', request)
    const utils = render(
      <StrictMode>
        <OrielProvider config={config}>
          <View />
        </OrielProvider>
      </StrictMode>,
    )
    expect(utils.getByText('none')).toBeTruthy()
    expect(document.querySelector('oriel-modal')).toBeNull()
    expect(request).toHaveBeenCalled()
    window.removeEventListener('eip6963:requestProvider', request)
    utils.unmount()
  })

  it('renders inline with enableEmbedded instead of appending to the body', () => {
    const inline = createConfig({ ...config, projectId: 'demo', networks: [ethereum], enableEmbedded: true })
    const utils = render(
      <OrielProvider config={inline}>
        <OrielWidget />
      </OrielProvider>,
    )
    expect(document.querySelector('oriel-modal')).toBeNull()
    const host = utils.container.querySelector('[data-oriel-widget]') as HTMLElement
    const region = host.shadowRoot?.querySelector('[role="region"]')
    expect(region?.getAttribute('aria-labelledby')).toBeTruthy()
    expect(host.shadowRoot?.querySelector('[aria-label="Close"]')).toBeNull()
    expect(host.shadowRoot?.querySelector('h2')?.textContent).toBe('Connect Wallet')
    utils.unmount()
  })
})
