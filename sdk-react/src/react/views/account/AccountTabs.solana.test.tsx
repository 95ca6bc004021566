import { act, fireEvent, within } from '@testing-library/react'
import type { Wallet } from '@wallet-standard/base'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { connect } from '../../../core/actions/connect'
import { ethereum, solana } from '../../../core/networks'
import { frameHostFetch } from '../../../test/history'
import { getShadowRoot, renderWithOriel } from '../../../test/renderWithOriel'
import { ConnectButton } from '../../ConnectButton'

const SOL = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'

/** A wallet-standard Solana wallet that connects `SOL`. */
const solanaWallet: Wallet = {
  version: '1.0.0',
  name: 'Solana Test Wallet',
  icon: 'data:image/svg+xml;base64,PHN2Zy8+',
  chains: ['solana:mainnet'],
  accounts: [],
  features: {
    'standard:connect': {
      version: '1.0.0',
      connect: async () => ({ accounts: [{ address: SOL, publicKey: new Uint8Array(32), chains: ['solana:mainnet'], features: [] }] }),
    },
  },
}

describe('Account tabs of a Solana account', () => {
  let unmount = () => {}
  beforeAll(async () => {
    // The view and its panels are lazy chunks: transform them here, not within the test's time.
    await Promise.all([import('../AccountView'), import('./NftsPanel'), import('./ActivityPanel')])
  })
  afterEach(() => {
    unmount()
    vi.unstubAllGlobals()
  })

  it('NFTs and Activity say they are for EVM accounts only (spec §9) and ask frame-host nothing', async () => {
    const host = frameHostFetch({ history: {}, nfts: { body: { nfts: [] } } })
    vi.stubGlobal('fetch', host.fetch)
    const utils = renderWithOriel(
      <ConnectButton />,
      { networks: [ethereum, solana], features: { email: false, socials: false } },
      { eip6963Target: () => new EventTarget(), injectedProvider: () => undefined, walletStandard: () => ({ get: () => [solanaWallet], on: () => () => {} }) },
    )
    unmount = utils.unmount
    const [connector] = utils.client.connectors.getSnapshot().filter((c) => c.name === 'Solana Test Wallet')
    await act(() => connect(utils.client, { connectorId: connector!.id }))
    expect(utils.client.account.getSnapshot().namespace).toBe('solana')
    fireEvent.click(utils.getByRole('button', { name: /^7S3P/ }))
    const ui = within(getShadowRoot() as unknown as HTMLElement)
    fireEvent.click(await ui.findByRole('tab', { name: 'NFTs' }))
    expect(await ui.findByText('NFTs are shown for EVM accounts only.')).toBeTruthy()
    fireEvent.click(ui.getByRole('tab', { name: 'Activity' }))
    expect(await ui.findByText('Activity is shown for EVM accounts only.')).toBeTruthy()
    expect(host.urls.filter((url) => /\/(history|nfts)$/.test(url.pathname))).toEqual([])
  })
})
