// The WalletConnect connector against the real thing: WalletConnect's sign client on both ends
// (the dapp's through the connector, a wallet's driven here with a viem account) talking through
// the loopback relay the browser tests use.
import { SignClient } from '@walletconnect/sign-client'
import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startRelay, type Relay } from '@oriel/stack/relay'
import { ProviderRpcError } from '../embedded/provider'
import { ConnectionDeclinedError } from '../errors/walletconnect'
import { base, ethereum, solana } from '../networks'
import { createWalletConnectConnector, type WalletConnectConnector } from './connector'
import type { SignClientStorage } from './types'

// Each client below is its own WalletConnect core, as it would be in its own page.
process.env['DISABLE_GLOBAL_CORE'] = 'true'

/** Hardhat's well-known test account #1. */
const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')

function memoryStorage(): SignClientStorage {
  const map = new Map<string, unknown>()
  return {
    getKeys: async () => [...map.keys()],
    getEntries: async <T,>() => [...map.entries()] as [string, T][],
    getItem: async <T,>(key: string) => map.get(key) as T | undefined,
    setItem: async (key, value) => {
      map.set(key, value)
    },
    removeItem: async (key) => {
      map.delete(key)
    },
  }
}

type Wallet = Awaited<ReturnType<typeof SignClient.init>>

let relay: Relay
const wallets: Wallet[] = []
const connectors: WalletConnectConnector[] = []

beforeAll(async () => {
  relay = await startRelay()
})
afterEach(async () => {
  for (const c of connectors.splice(0)) {
    await c.disconnect().catch(() => {})
    await c.destroy()
  }
})
afterAll(async () => {
  for (const wallet of wallets) await wallet.core.relayer.transportClose().catch(() => {})
  await relay.stop()
})

/** A wallet that approves with account #1 on every eip155 chain asked for, or declines. */
async function startWallet({ decline = false } = {}) {
  const wallet = await SignClient.init({
    projectId: 'test',
    relayUrl: relay.url,
    metadata: { name: 'Test Wallet', description: 'test', url: 'http://wallet.test', icons: ['http://wallet.test/icon.png'] },
    storage: memoryStorage(),
    customStoragePrefix: `wallet-${wallets.length}`,
    telemetryEnabled: false,
    logger: 'silent',
  })
  wallets.push(wallet)
  const proposals: string[][] = []
  wallet.on('session_proposal', async ({ id, params }) => {
    const chains = params.optionalNamespaces['eip155']?.chains ?? []
    proposals.push(chains)
    if (decline) return void (await wallet.reject({ id, reason: { code: 5000, message: 'User rejected.' } }))
    await wallet.approve({
      id,
      namespaces: {
        eip155: {
          chains,
          accounts: chains.map((chain) => `${chain}:${account.address}`),
          methods: ['personal_sign', 'eth_sendTransaction'],
          events: ['chainChanged', 'accountsChanged'],
        },
      },
    })
  })
  wallet.on('session_request', async ({ id, topic, params }) => {
    const { method, params: args } = params.request
    if (method !== 'personal_sign') {
      await wallet.respond({ topic, response: { id, jsonrpc: '2.0', error: { code: 4200, message: 'Unsupported' } } })
      return
    }
    const signature = await account.signMessage({ message: { raw: args[0] } })
    await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: signature } })
  })
  return { wallet, proposals }
}

function connector(storage = memoryStorage()) {
  const c = createWalletConnectConnector({
    projectId: 'test',
    relayUrl: relay.url,
    metadata: { name: 'Lumen', description: 'test dapp', url: 'http://dapp.test', icons: [] },
    networks: [ethereum, base, solana],
    defaultNetwork: base,
    storage,
  })
  connectors.push(c)
  return c
}

/** Waits for the connector to offer a pairing and returns its URI. */
async function offeredUri(c: WalletConnectConnector): Promise<string> {
  await expect.poll(() => c.pairing.getSnapshot().pairing?.uri, { timeout: 10_000 }).toMatch(/^wc:/)
  return c.pairing.getSnapshot().pairing!.uri
}

describe('WalletConnect connector', () => {
  it('pairs with a wallet through the relay, then personal_sign round-trips', async () => {
    const { wallet, proposals } = await startWallet()
    const dapp = connector()
    const connected = dapp.connect()
    const uri = await offeredUri(dapp)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await wallet.pair({ uri })

    const connection = await connected
    // The active network is asked for first, and its account is the active one.
    expect(proposals[0]).toEqual(['eip155:8453', 'eip155:1'])
    expect(connection).toEqual({ address: account.address, caipNetworkId: 'eip155:8453', addresses: [account.address] })
    expect(dapp.getPeer()).toEqual({ name: 'Test Wallet', url: 'http://wallet.test', icon: 'http://wallet.test/icon.png' })

    const provider = dapp.getProvider()!
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105')
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([account.address])
    const message = 'Sign in to Lumen'
    const signature = (await provider.request({
      method: 'personal_sign',
      params: [`0x${Buffer.from(message).toString('hex')}`, account.address],
    })) as `0x${string}`
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true)

    // A method the wallet agreed to but refuses comes back as its JSON-RPC error.
    await expect(provider.request({ method: 'eth_sendTransaction', params: [{}] })).rejects.toMatchObject({
      name: 'ProviderRpcError',
      code: 4200,
    })
  })

  it('resumes the session after a reload, and follows the wallet ending it', async () => {
    const { wallet } = await startWallet()
    const storage = memoryStorage()
    const first = connector(storage)
    const connected = first.connect()
    await wallet.pair({ uri: await offeredUri(first) })
    const { address } = await connected

    // The page reloads: a new connector on the same storage resumes the session without pairing.
    await first.destroy()
    const reloaded = connector(storage)
    await expect(reloaded.reconnect()).resolves.toMatchObject({ address, caipNetworkId: 'eip155:8453' })

    let ended = false
    reloaded.onDisconnect(() => {
      ended = true
    })
    const [session] = wallet.session.getAll()
    await wallet.disconnect({ topic: session!.topic, reason: { code: 6000, message: 'User disconnected.' } })
    await expect.poll(() => ended, { timeout: 10_000 }).toBe(true)
    expect(reloaded.getProvider()).toBeUndefined()
    await expect(connector(memoryStorage()).reconnect()).resolves.toBeNull()
  })

  it('after destroy() the same connector resumes the session and hears the wallet again (a remount)', async () => {
    const { wallet } = await startWallet()
    const dapp = connector()
    const connected = dapp.connect()
    await wallet.pair({ uri: await offeredUri(dapp) })
    const { address } = await connected
    await dapp.destroy()
    expect(dapp.getProvider()).toBeUndefined()

    await expect(dapp.reconnect()).resolves.toMatchObject({ address })
    let ended = false
    dapp.onDisconnect(() => {
      ended = true
    })
    const [session] = wallet.session.getAll()
    await wallet.disconnect({ topic: session!.topic, reason: { code: 6000, message: 'User disconnected.' } })
    await expect.poll(() => ended, { timeout: 10_000 }).toBe(true)
  })

  it('rejects with ConnectionDeclinedError when the wallet declines', async () => {
    const { wallet } = await startWallet({ decline: true })
    const dapp = connector()
    const connected = dapp.connect()
    await wallet.pair({ uri: await offeredUri(dapp) })
    await expect(connected).rejects.toThrow(ConnectionDeclinedError)
    expect(dapp.getProvider()).toBeUndefined()
    expect(dapp.pairing.getSnapshot().error).toBeInstanceOf(ConnectionDeclinedError)
  })

  it('the provider refuses requests once disconnected', async () => {
    const { wallet } = await startWallet()
    const dapp = connector()
    const connected = dapp.connect()
    await wallet.pair({ uri: await offeredUri(dapp) })
    await connected
    const provider = dapp.getProvider()!
    await dapp.disconnect()
    await expect(provider.request({ method: 'personal_sign', params: ['0x00', account.address] })).rejects.toThrow(
      ProviderRpcError,
    )
    await expect.poll(() => wallet.session.getAll().length, { timeout: 10_000 }).toBe(0)
  })
})
