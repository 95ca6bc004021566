import { describe, expect, it } from 'vitest'
import { InvalidCaip10AddressError } from '../errors/caip'
import { NoSessionAccountsError } from '../errors/walletconnect'
import { base, ethereum, solana } from '../networks'
import { parseCaipAccount, sessionToConnection, type SessionLike } from './session'

const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'

const session = (accounts: string[]): SessionLike => ({
  topic: 't',
  namespaces: { all: { accounts, methods: [] } },
  peer: { metadata: { name: 'W', url: 'http://w', icons: [] } },
})

describe('parseCaipAccount', () => {
  it('splits a CAIP-10 account', () => {
    expect(parseCaipAccount(`eip155:8453:${EVM}`)).toEqual({ namespace: 'eip155', caipNetworkId: 'eip155:8453', address: EVM })
  })

  it.each(['eip155:1', `eip155::${EVM}`, `foo:1:${EVM}`, `eip155:1:${EVM}:x`, ''])('rejects %j with the spec text', (value) => {
    expect(() => parseCaipAccount(value)).toThrow(new InvalidCaip10AddressError({ value }))
    expect(() => parseCaipAccount(value)).toThrow(`Invalid CAIP-10 address: ${value}`)
  })
})

describe('sessionToConnection', () => {
  it('prefers the active network, then eip155, and keeps to the dapp’s networks', () => {
    const accounts = [`solana:${solana.id}:${SOL}`, `eip155:1:${EVM}`, `eip155:8453:${EVM}`, `eip155:10:${EVM}`]
    expect(sessionToConnection({ session: session(accounts), networks: [ethereum, base, solana], activeNetwork: base })).toEqual(
      { address: EVM, caipNetworkId: 'eip155:8453', addresses: [EVM] },
    )
    expect(sessionToConnection({ session: session(accounts), networks: [solana, ethereum] })).toMatchObject({
      caipNetworkId: 'eip155:1',
    })
    expect(sessionToConnection({ session: session(accounts), networks: [solana, ethereum], activeNetwork: solana })).toEqual({
      address: SOL,
      caipNetworkId: solana.caipNetworkId,
      addresses: [SOL],
    })
  })

  it('fails when no account is on the dapp’s networks', () => {
    expect(() => sessionToConnection({ session: session([`eip155:10:${EVM}`]), networks: [ethereum] })).toThrow(
      NoSessionAccountsError,
    )
  })
})
