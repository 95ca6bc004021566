import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TestWallet, WalletError } from '../../test/testWallet'
import { createAccountStore } from '../account/accountStore'
import { createEip1193Connector } from '../connectors/eip1193'
import type { Connector } from '../connectors/types'
import { createWalletStandardConnector } from '../connectors/walletStandard'
import { DisconnectError } from '../errors/auth'
import { base, ethereum, localDevnet, solana } from '../networks'
import { STORAGE_KEYS } from '../storage/keys'
import { storage } from '../storage/storage'
import { createStore } from '../store/createStore'
import { createConnectionStore, type CreateConnectionStoreParameters } from './connectionStore'

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'

function evm(wallet: TestWallet, id: string, name = id): Connector {
  return createEip1193Connector({ id, name, type: 'ANNOUNCED', provider: wallet, imageUrl: `data:image/png;${id}` })
}

/** A wallet-standard Solana wallet, as Phantom & co. register themselves. */
function solanaWallet({ authorized = false } = {}) {
  const account: WalletAccount = { address: SOL, publicKey: new Uint8Array(32), chains: ['solana:mainnet'], features: [] }
  const state = { authorized, disconnects: 0, fail: false }
  const wallet: Wallet = {
    version: '1.0.0',
    name: 'Solflare',
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains: ['solana:mainnet', 'solana:devnet'],
    accounts: [],
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => {
          if (!input?.silent) state.authorized = true
          return { accounts: state.authorized ? [account] : [] }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          if (state.fail) throw new Error('wallet crashed')
          state.disconnects++
          state.authorized = false
        },
      },
    },
  }
  return { connector: createWalletStandardConnector(wallet, 'solana'), state }
}

function setup(list: Connector[], overrides: Partial<CreateConnectionStoreParameters> = {}) {
  const connectors = createStore({ list })
  const readable = { getSnapshot: () => connectors.getSnapshot().list, subscribe: connectors.subscribe }
  const account = createAccountStore()
  const onDisconnectError = vi.fn()
  const connection = createConnectionStore({
    networks: [ethereum, base, localDevnet, solana],
    defaultNetwork: ethereum,
    connectors: readable,
    account,
    storage,
    onDisconnectError,
    discoveryTimeoutMs: 50,
    ...overrides,
  })
  return { connection, account, onDisconnectError, announce: (c: Connector) => connectors.setState((s) => ({ list: [...s.list, c] })) }
}

const stored = (key: (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]) => {
  const value = localStorage.getItem(key)
  return value === null ? null : value.startsWith('[') || value.startsWith('{') ? JSON.parse(value) : value
}

/** What a previous visit left behind after connecting `id` in eip155. */
function rememberConnection(id: string, recent: string[] = [id]) {
  localStorage.setItem(STORAGE_KEYS.connectedNamespaces, JSON.stringify(['eip155']))
  localStorage.setItem(STORAGE_KEYS.connectedConnectorIds, JSON.stringify({ eip155: id }))
  localStorage.setItem(STORAGE_KEYS.activeNamespace, 'eip155')
  localStorage.setItem(STORAGE_KEYS.recentWallets, JSON.stringify(recent.map((r) => ({ id: r, name: r }))))
}

beforeEach(() => localStorage.clear())
afterEach(() => vi.restoreAllMocks())

describe('connect', () => {
  it('goes connecting -> connected, shows the account and remembers the connection', async () => {
    const wallet = new TestWallet({ chainId: 8453 })
    const { connection, account } = setup([evm(wallet, 'io.metamask', 'MetaMask')])
    const statuses: string[] = []
    account.subscribe(() => statuses.push(account.getSnapshot().status))

    await connection.connect('io.metamask')

    expect(statuses).toEqual(['connecting', 'connected'])
    expect(account.getSnapshot()).toMatchObject({
      status: 'connected',
      address: ALICE,
      caipAddress: `eip155:8453:${ALICE}`,
      namespace: 'eip155',
      connectorId: 'io.metamask',
    })
    expect(connection.getSnapshot().activeCaipNetworkId).toBe('eip155:8453')
    expect(connection.getStatus('eip155')).toBe('connected')
    expect(stored(STORAGE_KEYS.connectedNamespaces)).toEqual(['eip155'])
    expect(stored(STORAGE_KEYS.connectedConnectorIds)).toEqual({ eip155: 'io.metamask' })
    expect(stored(STORAGE_KEYS.activeNamespace)).toBe('eip155')
    expect(stored(STORAGE_KEYS.activeCaipNetworkId)).toBe('eip155:8453')
    expect(stored(STORAGE_KEYS.connectionStatus)).toBe('connected')
    expect(stored(STORAGE_KEYS.walletId)).toBe('io.metamask')
    expect(stored(STORAGE_KEYS.walletName)).toBe('MetaMask')
  })

  it('keeps at most 2 recent wallets, newest first', async () => {
    const { connection } = setup([evm(new TestWallet(), 'a'), evm(new TestWallet(), 'b'), evm(new TestWallet(), 'c')])
    await connection.connect('a')
    await connection.connect('b')
    await connection.connect('c')
    await connection.connect('b')
    expect(connection.getSnapshot().recentWallets.map((w) => w.id)).toEqual(['b', 'c'])
    expect(stored(STORAGE_KEYS.recentWallets).map((w: { id: string }) => w.id)).toEqual(['b', 'c'])
  })

  it('a rejected request leaves the namespace as it was', async () => {
    const wallet = new TestWallet()
    wallet.failures.set('eth_requestAccounts', new WalletError(4001, 'User rejected the request.'))
    const { connection, account } = setup([evm(wallet, 'io.metamask')])
    const error = await connection.connect('io.metamask').catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'ConnectError', shortMessage: 'Connection declined', code: 4001 })
    expect(connection.getStatus('eip155')).toBe('disconnected')
    expect(account.getSnapshot().status).toBe('disconnected')
    expect(localStorage.getItem(STORAGE_KEYS.connectedNamespaces)).toBeNull()
  })

  it('a failed connect during a reconnect does not leave the namespace reconnecting', async () => {
    rememberConnection('slow')
    const slow = new TestWallet({ authorized: true })
    let answer: (() => void) | undefined
    const request = slow.request
    slow.request = async (args) => {
      if (args.method === 'eth_accounts') await new Promise<void>((resolve) => (answer = resolve))
      return request(args)
    }
    const declining = new TestWallet()
    declining.failures.set('eth_requestAccounts', new WalletError(4001, 'User rejected the request.'))
    const { connection, account } = setup([evm(slow, 'slow'), evm(declining, 'declining')])
    const reconnecting = connection.reconnect()
    await vi.waitFor(() => expect(account.getSnapshot().status).toBe('reconnecting'))
    await expect(connection.connect('declining')).rejects.toMatchObject({ name: 'ConnectError' })
    expect(connection.getStatus('eip155')).toBe('disconnected')
    expect(account.getSnapshot().status).toBe('disconnected')
    answer?.()
    await reconnecting
    // The user's own choice came after the reconnect started: the late answer changes nothing.
    expect(account.getSnapshot().status).toBe('disconnected')
  })

  it('an unknown connector id is a typed error', async () => {
    const { connection } = setup([])
    await expect(connection.connect('nope')).rejects.toMatchObject({ name: 'ConnectorNotFoundError' })
  })
})

describe('reconnect', () => {
  it('does nothing, and asks no wallet, when no connection is stored', async () => {
    const wallet = new TestWallet({ authorized: true })
    const { connection, account } = setup([evm(wallet, 'io.metamask')])
    await connection.reconnect()
    expect(wallet.calls).toEqual([])
    expect(account.getSnapshot().status).toBe('disconnected')
  })

  it('restores the stored wallet silently, reconnecting first', async () => {
    rememberConnection('io.metamask')
    const wallet = new TestWallet({ authorized: true, chainId: 31337 })
    const { connection, account } = setup([evm(wallet, 'io.metamask')])
    const statuses: string[] = []
    account.subscribe(() => statuses.push(account.getSnapshot().status))
    await connection.reconnect()
    expect(statuses).toEqual(['reconnecting', 'connected'])
    expect(account.getSnapshot().caipAddress).toBe(`eip155:31337:${ALICE}`)
    expect(wallet.calls).not.toContain('eth_requestAccounts')
  })

  it('tries the stored connector, then the recent ones, and the first authorized one wins', async () => {
    rememberConnection('stored', ['stored', 'recent'])
    const order: string[] = []
    const make = (id: string, authorized: boolean, address = ALICE) => {
      const wallet = new TestWallet({ authorized, accounts: [address] })
      const connector = evm(wallet, id)
      return {
        ...connector,
        reconnect: () => {
          order.push(id)
          return connector.reconnect()
        },
      }
    }
    const { connection, account } = setup([
      make('other', true, BOB),
      make('recent', true, ALICE),
      make('stored', false),
    ])
    await connection.reconnect()
    expect(order).toEqual(['stored', 'recent'])
    expect(account.getSnapshot()).toMatchObject({ status: 'connected', connectorId: 'recent', address: ALICE })
  })

  it('becomes disconnected and forgets the connection when no wallet is authorized', async () => {
    rememberConnection('io.metamask')
    const wallet = new TestWallet({ authorized: false })
    const { connection, account } = setup([evm(wallet, 'io.metamask')])
    await connection.reconnect()
    expect(account.getSnapshot().status).toBe('disconnected')
    expect(connection.getStatus('eip155')).toBe('disconnected')
    expect(localStorage.getItem(STORAGE_KEYS.connectedNamespaces)).toBeNull()
    expect(stored(STORAGE_KEYS.connectionStatus)).toBe('disconnected')
  })

  it('runs one at a time', async () => {
    rememberConnection('io.metamask')
    const wallet = new TestWallet({ authorized: true })
    const { connection } = setup([evm(wallet, 'io.metamask')])
    const first = connection.reconnect()
    const second = connection.reconnect()
    expect(second).toBe(first)
    await first
    expect(wallet.calls.filter((m) => m === 'eth_accounts')).toHaveLength(1)
    // Once finished, a new one may run.
    await connection.reconnect()
    expect(wallet.calls.filter((m) => m === 'eth_accounts')).toHaveLength(2)
  })

  it('a start, cleanup and start again (StrictMode) still reconnects once', async () => {
    rememberConnection('io.metamask')
    const wallet = new TestWallet({ authorized: true })
    const { connection, account } = setup([evm(wallet, 'io.metamask')])
    const stopFirst = connection.start()
    stopFirst()
    connection.start()
    await vi.waitFor(() => expect(account.getSnapshot().status).toBe('connected'))
    // The remounted store follows the wallet's events.
    wallet.emit('accountsChanged', [BOB])
    expect(account.getSnapshot().address).toBe(BOB)
    expect(wallet.listenerCount('accountsChanged')).toBe(1)
  })

  it('waits for the stored wallet to announce itself', async () => {
    rememberConnection('late')
    const { connection, account, announce } = setup([])
    const done = connection.reconnect()
    setTimeout(() => announce(evm(new TestWallet({ authorized: true }), 'late')), 10)
    await done
    expect(account.getSnapshot()).toMatchObject({ status: 'connected', connectorId: 'late' })
  })

  it('leaves an embedded-wallet account alone', async () => {
    // A connector that keeps its own login, as the embedded wallet does.
    const embedded: Connector = {
      id: 'AUTH',
      name: 'Email Wallet',
      type: 'AUTH',
      chain: 'eip155',
      restores: 'connector',
      connect: async () => ({ address: BOB, caipNetworkId: 'eip155:1', addresses: [BOB] }),
      reconnect: async () => null,
      disconnect: async () => {},
      getProvider: () => undefined,
    }
    const { connection, account } = setup([evm(new TestWallet({ authorized: false }), 'io.metamask'), embedded])
    await connection.connect('AUTH')
    rememberConnection('io.metamask')
    await connection.reconnect()
    expect(account.getSnapshot()).toMatchObject({ status: 'connected', connectorId: 'AUTH', address: BOB })
    expect(stored(STORAGE_KEYS.connectionStatus)).toBe('connected')
    expect(localStorage.getItem(STORAGE_KEYS.connectedNamespaces)).toBeNull()
  })

  it('keeps a namespace that is still reconnecting in storage when another one connects', async () => {
    rememberConnection('slow')
    const slow = new TestWallet({ authorized: true })
    slow.request = () => new Promise(() => {})
    const sol = solanaWallet()
    const { connection } = setup([evm(slow, 'slow'), sol.connector])
    void connection.reconnect()
    await connection.connect(sol.connector.id)
    expect(stored(STORAGE_KEYS.connectedNamespaces)).toEqual(['eip155', 'solana'])
    expect(stored(STORAGE_KEYS.connectedConnectorIds)).toEqual({ eip155: 'slow', solana: sol.connector.id })
  })
})

describe('disconnect', () => {
  it('revokes the permission, forgets the connection and stays disconnected on reconnect', async () => {
    const wallet = new TestWallet()
    const { connection, account } = setup([evm(wallet, 'io.metamask')])
    await connection.connect('io.metamask')
    await connection.disconnect()
    expect(wallet.calls).toContain('wallet_revokePermissions')
    expect(account.getSnapshot().status).toBe('disconnected')
    expect(stored(STORAGE_KEYS.connectionStatus)).toBe('disconnected')
    expect(localStorage.getItem(STORAGE_KEYS.connectedNamespaces)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.walletId)).toBeNull()
    // The recent list survives a disconnect.
    expect(stored(STORAGE_KEYS.recentWallets)).toHaveLength(1)

    const after = setup([evm(wallet, 'io.metamask')])
    await after.connection.reconnect()
    expect(after.account.getSnapshot().status).toBe('disconnected')
  })

  it('works with wallets that cannot revoke permissions', async () => {
    const { connection, account } = setup([evm(new TestWallet({ noRevoke: true }), 'io.metamask')])
    await connection.connect('io.metamask')
    await connection.disconnect()
    expect(account.getSnapshot().status).toBe('disconnected')
  })

  it('switches to another remaining connection, then becomes disconnected', async () => {
    const sol = solanaWallet()
    const { connection, account } = setup([evm(new TestWallet(), 'io.metamask'), sol.connector])
    await connection.connect(sol.connector.id)
    await connection.connect('io.metamask')
    expect(account.getSnapshot().namespace).toBe('eip155')

    await connection.disconnect()
    expect(account.getSnapshot()).toMatchObject({ status: 'connected', namespace: 'solana', address: SOL })
    expect(connection.getSnapshot().activeCaipNetworkId).toBe(solana.caipNetworkId)
    expect(stored(STORAGE_KEYS.connectedNamespaces)).toEqual(['solana'])
    expect(stored(STORAGE_KEYS.activeNamespace)).toBe('solana')

    await connection.disconnect()
    expect(sol.state.disconnects).toBe(1)
    expect(account.getSnapshot().status).toBe('disconnected')
    expect(connection.getSnapshot().current).toBeUndefined()
  })

  it("reports a failure as DISCONNECT_ERROR with 'Failed to disconnect' and stays connected", async () => {
    const sol = solanaWallet()
    const { connection, account, onDisconnectError } = setup([sol.connector])
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    await connection.connect(sol.connector.id)
    sol.state.fail = true
    const error = await connection.disconnect().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DisconnectError)
    expect((error as DisconnectError).shortMessage).toBe('Failed to disconnect')
    expect(onDisconnectError).toHaveBeenCalledWith('solana', expect.any(Error))
    expect(log).toHaveBeenCalledWith('oriel: DISCONNECT_ERROR (solana)', expect.any(Error))
    expect(account.getSnapshot().status).toBe('connected')
  })
})

describe('wallet events', () => {
  it('follow the account and the chain the wallet reports', async () => {
    const wallet = new TestWallet()
    const { connection, account } = setup([evm(wallet, 'io.metamask')])
    await connection.connect('io.metamask')
    wallet.emit('accountsChanged', [BOB])
    expect(account.getSnapshot().address).toBe(BOB)
    wallet.setChain(8453)
    expect(account.getSnapshot().caipAddress).toBe(`eip155:8453:${BOB}`)
    expect(connection.getSnapshot().activeCaipNetworkId).toBe('eip155:8453')
    expect(stored(STORAGE_KEYS.activeCaipNetworkId)).toBe('eip155:8453')
  })

  it('an empty accountsChanged disconnects the namespace', async () => {
    const wallet = new TestWallet()
    const { connection, account } = setup([evm(wallet, 'io.metamask')])
    await connection.connect('io.metamask')
    wallet.emit('accountsChanged', [])
    expect(account.getSnapshot().status).toBe('disconnected')
    expect(wallet.listenerCount('accountsChanged')).toBe(0)
  })

  it('a disconnect event resets the accounts of every namespace', async () => {
    const wallet = new TestWallet()
    const sol = solanaWallet()
    const { connection, account } = setup([evm(wallet, 'io.metamask'), sol.connector])
    await connection.connect(sol.connector.id)
    await connection.connect('io.metamask')
    wallet.emit('disconnect', { code: 4900 })
    expect(connection.getSnapshot().connections).toEqual({})
    expect(account.getSnapshot().status).toBe('disconnected')
    expect(localStorage.getItem(STORAGE_KEYS.connectedNamespaces)).toBeNull()
  })
})

describe('switchNetwork', () => {
  it('asks the connected wallet and follows it', async () => {
    const wallet = new TestWallet({ chainId: 1 })
    const { connection, account } = setup([evm(wallet, 'io.metamask')])
    await connection.connect('io.metamask')
    await connection.switchNetwork(localDevnet)
    expect(wallet.chainId).toBe(31337)
    expect(account.getSnapshot().caipAddress).toBe(`eip155:31337:${ALICE}`)
    expect(stored(STORAGE_KEYS.activeCaipNetworkId)).toBe('eip155:31337')
  })

  it('without a connection only changes the active network, kept for the next visit', async () => {
    const { connection } = setup([])
    await connection.switchNetwork(base)
    expect(connection.getSnapshot().activeCaipNetworkId).toBe('eip155:8453')
    expect(setup([]).connection.getSnapshot().activeCaipNetworkId).toBe('eip155:8453')
  })

  it('refuses networks the dapp does not list', async () => {
    const { connection } = setup([], { networks: [ethereum] })
    await expect(connection.switchNetwork(base)).rejects.toMatchObject({ shortMessage: 'Network Not Found' })
  })

  it("surfaces 'Chain is not supported' and keeps the network", async () => {
    const wallet = new TestWallet({ chainId: 1, knownChains: [1] })
    wallet.failures.set('wallet_addEthereumChain', new WalletError(-32603, 'nope'))
    const { connection } = setup([evm(wallet, 'io.metamask')])
    await connection.connect('io.metamask')
    await expect(connection.switchNetwork(base)).rejects.toMatchObject({ shortMessage: 'Chain is not supported' })
    expect(connection.getSnapshot().activeCaipNetworkId).toBe('eip155:1')
  })
})
