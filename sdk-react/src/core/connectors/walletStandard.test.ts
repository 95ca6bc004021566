import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { describe, expect, it } from 'vitest'
import { base, bitcoinTestnet, solanaDevnet } from '../networks'
import { createWalletStandardConnector } from './walletStandard'

const SOL = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'

function wallet(accounts: WalletAccount[]) {
  const changes = new Set<(properties: { accounts?: readonly WalletAccount[] }) => void>()
  const calls: unknown[] = []
  const w: Wallet = {
    version: '1.0.0',
    name: 'Backpack',
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains: ['solana:mainnet', 'solana:devnet', 'bitcoin:testnet'],
    accounts: [],
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: unknown) => {
          calls.push(input)
          return { accounts }
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (_event: string, listener: (properties: { accounts?: readonly WalletAccount[] }) => void) => {
          changes.add(listener)
          return () => changes.delete(listener)
        },
      },
    },
  }
  return {
    w,
    calls,
    emit: (a: WalletAccount[]) => {
      for (const l of changes) l({ accounts: a })
    },
  }
}

const account = (address: string, chains: `${string}:${string}`[]): WalletAccount => ({
  address,
  publicKey: new Uint8Array(32),
  chains,
  features: [],
})

describe('wallet-standard connector', () => {
  it('connects on the chosen Solana cluster and maps it to its CAIP-2 id', async () => {
    const { w, calls } = wallet([account(SOL, ['solana:mainnet', 'solana:devnet'])])
    const connector = createWalletStandardConnector(w, 'solana')
    await expect(connector.connect({ caipNetworkId: solanaDevnet.caipNetworkId })).resolves.toEqual({
      address: SOL,
      addresses: [SOL],
      caipNetworkId: solanaDevnet.caipNetworkId,
    })
    expect(calls).toEqual([undefined])
  })

  it('reconnects silently', async () => {
    const { w, calls } = wallet([])
    const connector = createWalletStandardConnector(w, 'solana')
    await expect(connector.reconnect()).resolves.toBeNull()
    expect(calls).toEqual([{ silent: true }])
  })

  it('only takes accounts of its own namespace', async () => {
    const { w } = wallet([account(SOL, ['solana:mainnet']), account('tb1qtest', ['bitcoin:testnet'])])
    const connector = createWalletStandardConnector(w, 'bip122')
    await expect(connector.connect()).resolves.toMatchObject({
      address: 'tb1qtest',
      caipNetworkId: bitcoinTestnet.caipNetworkId,
    })
  })

  it('a connect without accounts is a typed error', async () => {
    const { w } = wallet([])
    await expect(createWalletStandardConnector(w, 'solana').connect()).rejects.toMatchObject({
      name: 'NoAccountsError',
    })
  })

  it('passes account changes on', async () => {
    const { w, emit } = wallet([account(SOL, ['solana:mainnet'])])
    const connector = createWalletStandardConnector(w, 'solana')
    const events: unknown[] = []
    const stop = connector.subscribe?.((event) => events.push(event))
    emit([])
    stop?.()
    emit([])
    expect(events).toEqual([{ type: 'accountsChanged', addresses: [] }])
  })

  it('switches only to clusters the wallet lists', async () => {
    const { w } = wallet([account(SOL, ['solana:mainnet'])])
    const connector = createWalletStandardConnector(w, 'solana')
    await expect(connector.switchNetwork?.(solanaDevnet)).resolves.toBeUndefined()
    await expect(connector.switchNetwork?.(base)).rejects.toMatchObject({ shortMessage: 'Chain is not supported' })
  })
})
