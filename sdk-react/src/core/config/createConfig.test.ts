import { describe, expect, it, vi } from 'vitest'
import {
  InvalidDefaultAccountTypeError,
  InvalidThemeModeError,
  InvalidThemeVariableError,
  NetworkNotFoundError,
  NoNetworksError,
  SiweSiwxConflictError,
} from '../errors/config'
import { base, ethereum, localDevnet, polygon, solana } from '../networks'
import { InvalidRelayUrlError } from '../errors/walletconnect'
import { toAddEthereumChainParameter } from '../connectors/switchChain'
import { createConfig, usesEmbeddedWallet } from './createConfig'
import type { ThemeVariables } from './theme'

describe('createConfig', () => {
  it('applies the spec defaults', () => {
    const config = createConfig({ projectId: 'p', networks: [base, ethereum] })
    expect(config.features).toEqual({
      swaps: true,
      onramp: true,
      receive: true,
      send: true,
      email: true,
      history: true,
      analytics: true,
      allWallets: true,
      legalCheckbox: false,
      smartSessions: false,
      collapseWallets: false,
      pay: false,
      socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
      connectMethodsOrder: ['email', 'social', 'wallet'],
    })
    expect(config.themeMode).toBe('dark')
    expect(config.themeVariables).toMatchObject({
      '--oriel-modal-width': '360px',
      '--oriel-font-size-base': '10px',
      '--oriel-border-radius-base': '4px',
      '--oriel-z-index': 999,
    })
    expect(config.themeVariables['--oriel-accent']).toBeUndefined()
    expect(config.defaultNetwork.caipNetworkId).toBe('eip155:1')
    expect(config.frameHostUrl).toBe('http://127.0.0.1:8787')
    expect(config.enableEmbedded).toBe(false)
    // WalletConnect needs its own project id (issue 41): without one it is off.
    expect(config.enableWalletConnect).toBe(false)
    expect(config.enableEIP6963).toBe(true)
    expect(Object.isFrozen(config)).toBe(true)
  })

  it('turns WalletConnect on only with its own project id, and says why when it is off', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const off = createConfig({ projectId: 'lumen', networks: [ethereum] })
    expect([off.enableWalletConnect, off.walletConnectProjectId]).toEqual([false, ''])
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^oriel: WalletConnect is hidden: pass walletConnectProjectId/))
    warn.mockClear()
    const on = createConfig({ projectId: 'lumen', walletConnectProjectId: ' wc-123 ', networks: [ethereum] })
    expect([on.enableWalletConnect, on.walletConnectProjectId]).toEqual([true, 'wc-123'])
    const asked = createConfig({ projectId: 'lumen', enableWalletConnect: false, networks: [ethereum] })
    expect(asked.enableWalletConnect).toBe(false)
    expect(warn).not.toHaveBeenCalled()
    warn.mockRestore()
  })

  it('merges features and theme variables over the defaults', () => {
    const config = createConfig({
      projectId: 'p',
      networks: [ethereum],
      features: { swaps: false, socials: ['github', 'google', 'github'], connectMethodsOrder: ['wallet', 'email'] },
      themeMode: 'light',
      themeVariables: { '--oriel-accent': '#ff0066', '--oriel-z-index': 50 },
    })
    expect(config.features.swaps).toBe(false)
    expect(config.features.onramp).toBe(true)
    expect(config.features.socials).toEqual(['github', 'google'])
    expect(config.features.connectMethodsOrder).toEqual(['wallet', 'email'])
    expect(config.themeMode).toBe('light')
    expect(config.themeVariables['--oriel-accent']).toBe('#ff0066')
    expect(config.themeVariables['--oriel-z-index']).toBe(50)
    expect(config.themeVariables['--oriel-modal-width']).toBe('360px')
  })

  it('falls back to the first network when Ethereum is not listed', () => {
    expect(createConfig({ projectId: 'p', networks: [polygon, solana] }).defaultNetwork).toBe(polygon)
  })

  it('uses the requested default network', () => {
    const config = createConfig({ projectId: 'p', networks: [ethereum, localDevnet], defaultNetwork: localDevnet })
    expect(config.defaultNetwork).toBe(localDevnet)
  })

  it('rejects a default network that is not listed', () => {
    expect(() => createConfig({ projectId: 'p', networks: [ethereum], defaultNetwork: base })).toThrow(
      NetworkNotFoundError,
    )
  })

  it('throws when both siweConfig and siwx are set', () => {
    const siweConfig = { getNonce: async () => 'n0nce1234', verifyMessage: async () => true }
    const siwx = { getNonce: async () => 'n0nce1234', verify: async <S>(s: S) => s, getSessions: async () => [], revoke: async () => {} }
    const call = () => createConfig({ projectId: 'p', networks: [ethereum], siweConfig, siwx })
    expect(call).toThrow(SiweSiwxConflictError)
    expect(call).toThrow('Cannot set both `siweConfig` and `siwx` options')
  })

  it('validates the theme mode', () => {
    expect(() =>
      createConfig({ projectId: 'p', networks: [ethereum], themeMode: 'dim' as unknown as 'dark' }),
    ).toThrow(InvalidThemeModeError)
  })

  it('validates the theme variables', () => {
    const call = (themeVariables: unknown) => () =>
      createConfig({ projectId: 'p', networks: [ethereum], themeVariables: themeVariables as ThemeVariables })
    expect(call({ '--oriel-z-index': 10.5 })).toThrow(InvalidThemeVariableError)
    expect(call({ '--oriel-border-radius-base': '4' })).toThrow('Invalid theme variable: --oriel-border-radius-base')
    expect(call({ '--w3m-accent': '#fff' })).toThrow(InvalidThemeVariableError)
    expect(call('dark')).toThrow(InvalidThemeVariableError)
    expect(call({ '--oriel-border-radius-base': '0', '--oriel-modal-width': '100%' })).not.toThrow()
  })

  it('requires a network', () => {
    expect(() => createConfig({ projectId: 'p', networks: [] })).toThrow(NoNetworksError)
  })

  it('still creates a config without a project id', () => {
    const config = createConfig({ networks: [ethereum] } as unknown as Parameters<typeof createConfig>[0])
    expect(config.projectId).toBe('')
  })

  it('normalises the frame host url', () => {
    expect(createConfig({ projectId: 'p', networks: [ethereum], frameHostUrl: 'https://frame.example/' }).frameHostUrl).toBe(
      'https://frame.example',
    )
  })

  it("reads the built-in EVM networks through the dapp's frame-host, and leaves a dapp's own RPC alone", () => {
    const own = { ...base, rpcUrls: { default: { http: ['https://base.example/rpc'] } } }
    const config = createConfig({ projectId: 'lumen app', networks: [ethereum, own, solana], frameHostUrl: 'https://wallet.example/' })
    const [eth, ownBase, sol] = config.networks
    expect(eth!.rpcUrls).toEqual({
      default: { http: ['https://wallet.example/v1/?chainId=eip155:1&projectId=lumen%20app'] },
      chainDefault: { http: ['https://eth.merkle.io'] },
    })
    expect(config.defaultNetwork).toBe(eth)
    expect(ownBase).toBe(own)
    expect(sol).toBe(solana)
    // A browser wallet adding the network is told the chain's own RPC.
    expect(toAddEthereumChainParameter(eth!).rpcUrls).toEqual(['https://eth.merkle.io'])
    // Without a frame-host of its own, the public RPC stays.
    expect(createConfig({ projectId: 'p', networks: [ethereum] }).networks[0]).toBe(ethereum)
  })

  it('knows when the embedded wallet is used', () => {
    expect(usesEmbeddedWallet(createConfig({ projectId: 'p', networks: [ethereum] }))).toBe(true)
    expect(
      usesEmbeddedWallet(createConfig({ projectId: 'p', networks: [ethereum], features: { email: false, socials: false } })),
    ).toBe(false)
    expect(
      usesEmbeddedWallet(createConfig({ projectId: 'p', networks: [ethereum], features: { email: false, socials: ['x'] } })),
    ).toBe(true)
  })

  it('takes the WalletConnect relay URL, default the public relay, and rejects one that is not ws(s)', () => {
    expect(createConfig({ projectId: 'p', networks: [ethereum] }).walletConnectRelayUrl).toBe(
      'wss://relay.walletconnect.org',
    )
    const local = createConfig({ projectId: 'p', networks: [ethereum], walletConnectRelayUrl: 'ws://127.0.0.1:8600' })
    expect(local.walletConnectRelayUrl).toBe('ws://127.0.0.1:8600')
    for (const walletConnectRelayUrl of ['https://relay.example.com', 'relay.example.com']) {
      expect(() => createConfig({ projectId: 'p', networks: [ethereum], walletConnectRelayUrl })).toThrow(
        new InvalidRelayUrlError({ relayUrl: walletConnectRelayUrl }),
      )
    }
  })

  it("takes the default account types, default the spec's (§6)", () => {
    expect(createConfig({ projectId: 'p', networks: [ethereum] }).defaultAccountTypes).toEqual({
      eip155: 'smartAccount',
      solana: 'eoa',
      polkadot: 'eoa',
      bip122: 'payment',
    })
    const config = createConfig({ projectId: 'p', networks: [ethereum], defaultAccountTypes: { eip155: 'eoa' } })
    expect(config.defaultAccountTypes).toEqual({ eip155: 'eoa', solana: 'eoa', polkadot: 'eoa', bip122: 'payment' })
    expect(Object.isFrozen(config.defaultAccountTypes)).toBe(true)
  })

  it.each([
    [{ eip155: 'payment' }, 'Invalid default account type for eip155: "payment"', 'Expected "eoa" or "smartAccount".'],
    [{ solana: 'smartAccount' }, 'Invalid default account type for solana: "smartAccount"', 'Expected "eoa".'],
    [{ bip122: 'eoa' }, 'Invalid default account type for bip122: "eoa"', 'Expected "payment".'],
    [{ cosmos: 'eoa' }, 'Invalid default account type for cosmos: "eoa"', 'Account types can be set for eip155, solana, polkadot and bip122.'],
    [{ toString: 'eoa' }, 'Invalid default account type for toString: "eoa"', 'Account types can be set for eip155, solana, polkadot and bip122.'],
  ])('refuses default account types %j', (defaultAccountTypes, shortMessage, meta) => {
    const create = () =>
      createConfig({ projectId: 'p', networks: [ethereum], defaultAccountTypes: defaultAccountTypes as never })
    expect(create).toThrow(InvalidDefaultAccountTypeError)
    expect(create).toThrow(expect.objectContaining({ shortMessage, metaMessages: [meta] }))
  })
})
