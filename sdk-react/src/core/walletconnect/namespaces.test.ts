import { describe, expect, it } from 'vitest'
import { base, bitcoin, ethereum, polygon, solana, solanaDevnet, type Network } from '../networks'
import { buildNamespaces } from './namespaces'

const polkadot: Network = { ...ethereum, id: 'x', chainNamespace: 'polkadot', caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182' }

describe('buildNamespaces', () => {
  it('asks per namespace for its chains with the methods of spec §7, all optional', () => {
    const { requiredNamespaces, optionalNamespaces } = buildNamespaces({
      networks: [ethereum, base, solana, solanaDevnet, bitcoin, polkadot],
    })
    expect(requiredNamespaces).toEqual({})
    expect(Object.keys(optionalNamespaces)).toEqual(['eip155', 'solana', 'bip122'])

    const eip155 = optionalNamespaces['eip155']!
    expect(eip155.chains).toEqual(['eip155:1', 'eip155:8453'])
    expect(eip155.methods).toContain('personal_sign')
    expect(eip155.methods).toContain('eth_sendTransaction')
    expect(eip155.methods).toContain('eth_signTypedData_v4')
    expect(eip155.methods).toContain('wallet_switchEthereumChain')
    expect(eip155.methods.every((m) => m === 'personal_sign' || /^(eth|wallet)_/.test(m))).toBe(true)
    expect(eip155.events).toEqual(['chainChanged', 'accountsChanged'])

    const sol = optionalNamespaces['solana']!
    expect(sol.chains).toEqual([solana.caipNetworkId, solanaDevnet.caipNetworkId])
    expect(sol.methods).toContain('solana_signMessage')
    expect(sol.methods.every((m) => m.startsWith('solana_'))).toBe(true)

    expect(optionalNamespaces['bip122']).toEqual({
      chains: [bitcoin.caipNetworkId],
      methods: ['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses'],
      events: ['bip122_addressesChanged'],
    })
  })

  it('lists the active network first in its namespace', () => {
    const { optionalNamespaces } = buildNamespaces({ networks: [ethereum, base, polygon], activeNetwork: polygon })
    expect(optionalNamespaces['eip155']!.chains).toEqual(['eip155:137', 'eip155:1', 'eip155:8453'])
  })
})
