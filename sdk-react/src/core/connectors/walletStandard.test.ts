import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { describe, expect, it } from 'vitest'
import { base, bitcoinTestnet, localSolana, solanaDevnet } from '../networks'
import type { SolanaProvider } from './solanaProvider'
import { createWalletStandardConnector, fromStandardChain, toStandardChain } from './walletStandard'

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

  it("maps wallet-standard's solana:localnet to the local Solana cluster", () => {
    expect(toStandardChain(localSolana)).toBe('solana:localnet')
    expect(fromStandardChain('solana:localnet')).toBe(localSolana.caipNetworkId)
  })

  it('on Local Solana, a wallet listing solana:localnet is asked to sign for solana:localnet', async () => {
    const { w } = wallet([account(SOL, ['solana:mainnet', 'solana:localnet'])])
    const chains: unknown[] = []
    const signed = new Uint8Array([1, ...new Uint8Array(64).fill(7), 0])
    const local: Wallet = {
      ...w,
      chains: ['solana:mainnet', 'solana:localnet'],
      features: {
        ...w.features,
        'solana:signTransaction': {
          version: '1.0.0',
          signTransaction: async (...inputs: { chain?: string }[]) => {
            chains.push(...inputs.map((input) => input.chain))
            return inputs.map(() => ({ signedTransaction: signed }))
          },
        },
      },
    }
    const connector = createWalletStandardConnector(local, 'solana')
    expect((await connector.connect({ caipNetworkId: solanaDevnet.caipNetworkId })).caipNetworkId).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    await connector.switchNetwork?.(localSolana)
    const provider = connector.getNamespaceProvider?.('solana') as SolanaProvider
    await provider.request({ method: 'solana_signTransaction', params: { transaction: 'AQ==' } })
    expect(chains).toEqual(['solana:localnet'])
  })

  it('refuses Local Solana for a wallet that does not list solana:localnet', async () => {
    const { w } = wallet([account(SOL, ['solana:mainnet'])])
    const connector = createWalletStandardConnector(w, 'solana')
    await expect(connector.switchNetwork?.(localSolana)).rejects.toMatchObject({ shortMessage: 'Chain is not supported' })
  })
})
