import type { Wallet } from '@wallet-standard/base'
import { describe, expect, it } from 'vitest'
import { TestWallet } from '../../test/testWallet'
import { ANNOUNCE_EVENT, createEip6963Store } from '../wallets/eip6963'
import { createConnectorsStore, INJECTED_CONNECTOR_ID, type WalletStandardRegistry } from './connectorsStore'

function registry(initial: Wallet[] = []) {
  let wallets = [...initial]
  const listeners = new Set<() => void>()
  const api: WalletStandardRegistry & { add(wallet: Wallet): void } = {
    get: () => wallets,
    on(_event, listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    add(wallet) {
      wallets = [...wallets, wallet]
      for (const listener of listeners) listener()
    },
  }
  return api
}

const standardWallet = (name: string, chains: `${string}:${string}`[], connect = true): Wallet => ({
  version: '1.0.0',
  name,
  icon: 'data:image/svg+xml;base64,PHN2Zy8+',
  chains,
  accounts: [],
  features: connect ? { 'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) } } : {},
})

function setup({ injected, standard = registry() }: { injected?: unknown; standard?: ReturnType<typeof registry> } = {}) {
  const target = new EventTarget()
  const eip6963 = createEip6963Store({ target: () => target })
  const connectors = createConnectorsStore({ eip6963, injected: () => injected, walletStandard: () => standard })
  const announce = (wallet: TestWallet, name: string, rdns: string) =>
    target.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT, { detail: wallet.detail(name, rdns) }))
  return { eip6963, connectors, announce, target, standard }
}

describe('connectors', () => {
  it('reads nothing before start', () => {
    let read = 0
    const eip6963 = createEip6963Store({ target: () => new EventTarget() })
    const connectors = createConnectorsStore({
      eip6963,
      injected: () => {
        read++
        return new TestWallet()
      },
      walletStandard: () => {
        read++
        return registry()
      },
    })
    expect(connectors.getSnapshot()).toEqual([])
    expect(read).toBe(0)
    connectors.start()
    expect(read).toBe(2)
    expect(connectors.getSnapshot().map((c) => c.id)).toEqual([INJECTED_CONNECTOR_ID])
  })

  it('lists announced wallets by rdns, and keeps each connector object', () => {
    const { eip6963, connectors, announce } = setup()
    eip6963.start()
    connectors.start()
    announce(new TestWallet(), 'MetaMask', 'io.metamask')
    const first = connectors.get('io.metamask')
    announce(new TestWallet(), 'Rabby', 'io.rabby')
    expect(connectors.getSnapshot().map((c) => [c.id, c.name, c.type, c.chain])).toEqual([
      ['io.metamask', 'MetaMask', 'ANNOUNCED', 'eip155'],
      ['io.rabby', 'Rabby', 'ANNOUNCED', 'eip155'],
    ])
    expect(connectors.get('io.metamask')).toBe(first)
    expect(first?.info?.rdns).toBe('io.metamask')
  })

  it('falls back to window.ethereum only while nothing is announced', () => {
    const { eip6963, connectors, announce } = setup({ injected: new TestWallet() })
    eip6963.start()
    connectors.start()
    expect(connectors.getSnapshot().map((c) => [c.id, c.type])).toEqual([[INJECTED_CONNECTOR_ID, 'INJECTED']])
    announce(new TestWallet(), 'MetaMask', 'io.metamask')
    expect(connectors.getSnapshot().map((c) => c.id)).toEqual(['io.metamask'])
  })

  it('ignores a window.ethereum that is not a provider', () => {
    const { connectors } = setup({ injected: { isMetaMask: true } })
    connectors.start()
    expect(connectors.getSnapshot()).toEqual([])
  })

  it('lists wallet-standard wallets per namespace when they implement standard:connect', () => {
    const standard = registry([standardWallet('Phantom', ['solana:mainnet', 'bitcoin:mainnet'])])
    const { connectors } = setup({ standard })
    connectors.start()
    standard.add(standardWallet('NoConnect', ['solana:mainnet'], false))
    standard.add(standardWallet('SuiWallet', ['sui:mainnet']))
    standard.add(standardWallet('Xverse', ['bitcoin:testnet']))
    expect(connectors.getSnapshot().map((c) => [c.id, c.chain])).toEqual([
      ['wallet-standard:solana:Phantom', 'solana'],
      ['wallet-standard:bip122:Phantom', 'bip122'],
      ['wallet-standard:bip122:Xverse', 'bip122'],
    ])
  })
})
