import { describe, expect, it } from 'vitest'
import { OPTIONS } from '../../test/onramp'
import { amountProblem, formatLimit, providersFor, purchasableOn, purchaseNetworkFor, SAMPLE_OPTIONS } from './choice'
import { parseOnrampOptions } from './parse'

const options = parseOnrampOptions(OPTIONS)
const [eth, usdc] = options.purchaseCurrencies
const card = { id: 'card', min: '10.00', max: '7500.00' }
const bank = { id: 'ach_bank_account', min: '10.00', max: '25000.00' }

describe('what an account can buy', () => {
  it("delivers on the account's chain, else on Ethereum for an EVM account (spec §9 fallback)", () => {
    expect(purchaseNetworkFor(eth!, 'eip155:8453')?.name).toBe('base')
    expect(purchaseNetworkFor(eth!, 'eip155:31337')?.name).toBe('ethereum')
    expect(purchaseNetworkFor(usdc!, 'eip155:31337')).toBeUndefined()
    const sol = SAMPLE_OPTIONS.purchaseCurrencies.find((c) => c.symbol === 'SOL')!
    expect(purchaseNetworkFor(sol, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')?.name).toBe('solana')
    expect(purchaseNetworkFor(eth!, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBeUndefined()
  })

  it("lists the assets of the account's chain first, and the providers of its namespace", () => {
    expect(purchasableOn(options, 'eip155:8453').map((c) => c.symbol)).toEqual(['ETH', 'USDC'])
    expect(purchasableOn(options, 'eip155:1').map((c) => c.symbol)).toEqual(['ETH'])
    expect(providersFor(options, 'eip155').map((p) => p.id)).toEqual(['sandbox'])
    expect(providersFor(options, 'solana')).toEqual([])
  })

  it('checks the amount against the payment method (spec §9 limits)', () => {
    expect(amountProblem('', card, 'USD')).toBe('Enter an amount')
    expect(amountProblem('5.555', card, 'USD')).toBe('Enter an amount with at most 2 decimals')
    expect(amountProblem('0', card, 'USD')).toBe('Enter an amount above 0')
    expect(amountProblem('9.99', card, 'USD')).toBe('At least 10.00 USD by card')
    expect(amountProblem('10', card, 'USD')).toBeUndefined()
    expect(amountProblem('7500', card, 'EUR')).toBeUndefined()
    expect(amountProblem('7500.01', card, 'EUR')).toBe('At most 7,500.00 EUR by card')
    expect(amountProblem('25000', bank, 'USD')).toBeUndefined()
    expect(amountProblem('25000.01', bank, 'USD')).toBe('At most 25,000.00 USD by bank account')
    expect(formatLimit('25000.00')).toBe('25,000.00')
    expect(formatLimit('10')).toBe('10.00')
  })
})
