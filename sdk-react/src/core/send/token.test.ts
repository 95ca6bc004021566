import { describe, expect, it } from 'vitest'
import type { TokenBalance } from '../blockchain/client'
import { BALANCES } from '../../test/balances'
import { sendableTokens, toSendToken } from './token'

const entry = (patch: Partial<TokenBalance>): TokenBalance => ({
  name: 'Devnet Dollar',
  symbol: 'dUSD',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  value: 1000,
  price: 1,
  quantity: { decimals: '6', numeric: '1000.5' },
  verified: true,
  ...patch,
})

describe('send tokens from the balance list', () => {
  it('take the exact balance in base units and the contract from chain:address', () => {
    const token = toSendToken(entry({}))
    expect(token).toMatchObject({
      key: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
      symbol: 'dUSD',
      decimals: 6,
      contract: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
      balance: 1_000_500_000n,
      price: 1,
    })
  })

  it('the native coin has no contract', () => {
    const eth = toSendToken(entry({ address: undefined, symbol: 'ETH', quantity: { decimals: '18', numeric: '10' } }))
    expect(eth?.contract).toBeUndefined()
    expect(eth?.balance).toBe(10n * 10n ** 18n)
    expect(eth?.key).toBe('eip155:31337:native')
  })

  it('drops entries that cannot be sent', () => {
    expect(toSendToken(entry({ address: 'eip155:31337:0x01' }))).toBeUndefined()
    expect(toSendToken(entry({ quantity: { decimals: 'x', numeric: '1' } }))).toBeUndefined()
    expect(toSendToken(entry({ quantity: { decimals: '6', numeric: '1.1234567' } }))).toBeUndefined()
    expect(toSendToken(entry({ quantity: { decimals: '6', numeric: '-1' } }))).toBeUndefined()
  })

  it('keep the list order', () => {
    expect(sendableTokens(BALANCES.balances).map((t) => t.symbol)).toEqual(['ETH', 'USDC'])
  })
})
