import { describe, expect, it } from 'vitest'
import * as networks from './networks'

const all = Object.values(networks)

describe('built-in networks', () => {
  it('have ids that match their CAIP-2 id', () => {
    for (const network of all) {
      expect(network.caipNetworkId).toBe(`${network.chainNamespace}:${network.id}`)
    }
  })

  it('include the spec chains', () => {
    expect(all.map((n) => n.caipNetworkId)).toEqual([
      'eip155:1',
      'eip155:8453',
      'eip155:137',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'solana:EtWTRABZaYq6iMfeYKouRu166VL8B3Dq',
      'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
      'bip122:000000000019d6689c085ae165831e93',
      'bip122:000000000933ea01ad0ee984209779ba',
      'eip155:31337',
      'solana:Ay2AEajzuAs9MiB6D6ug4qGQ4Yzt6NZo',
    ])
  })

  it('localSolana is the local cluster, its id the fixed genesis hash prefix of devnet/solana', async () => {
    const { CHAIN_ID } = await import('../../../devnet/solana/constants.mjs')
    expect(networks.localSolana.caipNetworkId).toBe(CHAIN_ID)
    expect(networks.localSolana.rpcUrls.default.http).toEqual(['http://127.0.0.1:8899'])
  })

  it('localDevnet points at the local node', () => {
    expect(networks.localDevnet.rpcUrls.default.http).toEqual(['http://127.0.0.1:8545'])
    expect(networks.localDevnet.testnet).toBe(true)
  })
})
