import { describe, expect, it } from 'vitest'
import { AMOUNT_AND_RECEIVER_REQUIRED, TOKEN_REQUIRED, UNSUPPORTED_CHAIN } from './errors'
import type { SendToken } from './token'
import { inspectSendForm, validateReceiver, validateSend } from './validate'

const HARDHAT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOLANA = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'
const dUSD: SendToken = { key: 'k', name: 'Devnet Dollar', symbol: 'dUSD', decimals: 6, contract: '0x5fbdb2315678afecb367f032d93f642f64180aa3', balance: 1_000_000_000n, price: 1 }
const ETH: SendToken = { key: 'n', name: 'Ether', symbol: 'ETH', decimals: 18, contract: undefined, balance: 10n ** 18n, price: null }
const form = { namespace: 'eip155' as const, token: dUSD, amount: '1.5', receiver: HARDHAT_1 }

describe('validateSend (spec §5)', () => {
  it('only eip155 and solana can send', () => {
    for (const namespace of ['bip122', 'polkadot', 'cosmos', undefined] as const) {
      expect(() => validateSend({ ...form, namespace })).toThrow(UNSUPPORTED_CHAIN)
    }
    expect(() => validateSend({ ...form, namespace: 'bip122', token: undefined })).toThrow(UNSUPPORTED_CHAIN)
  })

  it('requires a token, then an amount and a receiver', () => {
    expect(() => validateSend({ ...form, token: undefined })).toThrow(TOKEN_REQUIRED)
    expect(() => validateSend({ ...form, token: undefined, amount: '' })).toThrow(TOKEN_REQUIRED)
    expect(() => validateSend({ ...form, amount: '' })).toThrow(AMOUNT_AND_RECEIVER_REQUIRED)
    expect(() => validateSend({ ...form, receiver: '  ' })).toThrow(AMOUNT_AND_RECEIVER_REQUIRED)
  })

  it('sends to the address a name resolved to, and refuses a name without one', () => {
    const named = { ...form, receiver: 'alice.oriel.id' }
    expect(validateSend({ ...named, receiverAddress: HARDHAT_1.toLowerCase() }).to).toBe(HARDHAT_1)
    expect(() => validateSend(named)).toThrow('Error resolving name')
    expect(() => validateSend({ ...named, namespace: 'solana', receiverAddress: HARDHAT_1 })).toThrow('Error resolving name')
    expect(inspectSendForm({ ...named, receiverAddress: HARDHAT_1 })).toMatchObject({ receiverError: undefined, to: HARDHAT_1 })
    expect(inspectSendForm(named)).toMatchObject({ receiverError: undefined, to: undefined })
  })

  it('converts the amount with the token decimals', () => {
    expect(validateSend(form)).toMatchObject({ value: 1_500_000n, to: HARDHAT_1, token: dUSD, namespace: 'eip155' })
    expect(validateSend({ ...form, token: ETH, amount: '0.25' }).value).toBe(25n * 10n ** 16n)
  })

  it('refuses zero, bad amounts and more than the balance', () => {
    expect(() => validateSend({ ...form, amount: '0' })).toThrow('Invalid amount')
    expect(() => validateSend({ ...form, amount: '1.0000001' })).toThrow('Invalid amount')
    expect(() => validateSend({ ...form, amount: '1000.000001' })).toThrow('Insufficient dUSD balance')
    expect(validateSend({ ...form, amount: '1000' }).value).toBe(dUSD.balance)
  })

  it('leaves room for the fee on the native coin only', () => {
    expect(() => validateSend({ ...form, token: ETH, amount: '1', feeReserve: 1n })).toThrow('Not enough ETH for the network fee')
    expect(validateSend({ ...form, token: ETH, amount: '0.5', feeReserve: 1n }).value).toBe(5n * 10n ** 17n)
    expect(validateSend({ ...form, amount: '1000', feeReserve: 1n }).value).toBe(dUSD.balance)
  })
})

describe('validateReceiver', () => {
  it('takes EVM addresses in lower, upper or checksummed case and gives the checksummed form', () => {
    expect(validateReceiver('eip155', HARDHAT_1.toLowerCase())).toBe(HARDHAT_1)
    expect(validateReceiver('eip155', `0x${HARDHAT_1.slice(2).toUpperCase()}`)).toBe(HARDHAT_1)
    expect(validateReceiver('eip155', HARDHAT_1.slice(2).toLowerCase())).toBe(HARDHAT_1)
    expect(validateReceiver('eip155', ` ${HARDHAT_1} `)).toBe(HARDHAT_1)
  })

  it('refuses a mixed-case address with a wrong checksum, and non-addresses', () => {
    const broken = `0x7${HARDHAT_1.slice(3).replace('C', 'c')}`
    expect(() => validateReceiver('eip155', broken)).toThrow('Invalid address checksum')
    expect(() => validateReceiver('eip155', HARDHAT_1.slice(0, -1))).toThrow('Invalid address')
    expect(() => validateReceiver('eip155', SOLANA)).toThrow('Invalid address')
  })

  it('takes Solana addresses of 32 to 44 base58 characters on solana', () => {
    expect(validateReceiver('solana', SOLANA)).toBe(SOLANA)
    expect(() => validateReceiver('solana', HARDHAT_1)).toThrow('Invalid address')
    expect(() => validateReceiver('solana', '0OIl'.repeat(10))).toThrow('Invalid address')
    expect(() => validateReceiver('solana', 'a'.repeat(31))).toThrow('Invalid address')
  })
})

describe('inspectSendForm', () => {
  it('says nothing about empty fields', () => {
    expect(inspectSendForm({ ...form, amount: '', receiver: '' })).toEqual({ amountError: undefined, receiverError: undefined, value: undefined, to: undefined })
  })

  it('reports each field as typed', () => {
    expect(inspectSendForm({ ...form, amount: '2000' }).amountError).toBe('Insufficient dUSD balance')
    expect(inspectSendForm({ ...form, amount: '1.1234567' }).amountError).toBe('Invalid amount: this token has at most 6 decimals')
    expect(inspectSendForm({ ...form, amount: '0' }).amountError).toBe('Enter an amount more than 0')
    expect(inspectSendForm({ ...form, receiver: '0x123' }).receiverError).toBe('Invalid address')
    expect(inspectSendForm({ ...form, receiver: HARDHAT_1.replace('C5', 'c5') }).receiverError).toBe('Invalid address checksum')
    expect(inspectSendForm(form)).toMatchObject({ value: 1_500_000n, to: HARDHAT_1, amountError: undefined })
    expect(inspectSendForm({ ...form, token: ETH, amount: '1', feeReserve: 5n }).amountError).toBe('Not enough ETH for the network fee')
  })
})
