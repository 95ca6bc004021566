import { keccak_256 } from '@noble/hashes/sha3'
import { bytesToHex } from '@noble/hashes/utils'
import { describe, expect, it } from 'vitest'
import { BALANCES } from '../../test/balances'
import { DAI, NATIVE, ROUTER, SWAP_TOKENS, USDC, USER, WETH, swapReceipt } from '../../test/convert'
import { formatPriceImpact, formatSwapAmount, minimumReceived, swapRate, swapTokenBalance } from './amounts'
import { inspectSwapForm, validateSwap } from './form'
import { TRANSFER_TOPIC, WITHDRAWAL_TOPIC, receivedAmount } from './received'

const tokens = SWAP_TOKENS.tokens.map((t) => ({ ...t, logoUri: undefined }))
const form = (from: string, to: string | undefined, amount: string) => ({ tokens, from, to, amount, balances: BALANCES.balances })

describe('swap amounts', () => {
  it("computes the minimum received as frame-host's toAmountMin: rounded down at the slippage", () => {
    expect(minimumReceived(296_150_425n, 1)).toBe(293_188_920n)
    expect(minimumReceived(999n, 0.5)).toBe(994n)
    expect(minimumReceived(100n, 0)).toBe(100n)
  })

  it('shows amounts cut to 6 decimals, the rate to 4 significant digits, the price impact to 2 decimals', () => {
    expect(formatSwapAmount(293_188_920n, 6)).toBe('293.18892')
    expect(formatSwapAmount(123_456_789_123_456_789n, 18)).toBe('0.123456')
    expect(formatSwapAmount(10n ** 18n, 18)).toBe('1')
    expect(swapRate({ fromAmount: 10n ** 17n, fromDecimals: 18, toAmount: 296_150_425n, toDecimals: 6 })).toBe('2961.5042')
    expect(swapRate({ fromAmount: 296_150_425n, fromDecimals: 6, toAmount: 10n ** 17n, toDecimals: 18 })).toBe('0.0003376')
    expect(formatPriceImpact(0.33)).toBe('0.33%')
    expect(formatPriceImpact(0.004)).toBe('<0.01%')
    expect(formatPriceImpact(0)).toBe('0.00%')
  })

  it('reads the balance of a swap token from the balance list: the native coin has no address there', () => {
    expect(swapTokenBalance(BALANCES.balances, NATIVE)).toBe(1_500_000_000_000_000_000n)
    expect(swapTokenBalance(BALANCES.balances, USDC)).toBe(12_345_000n)
    expect(swapTokenBalance(BALANCES.balances, DAI)).toBe(0n)
  })
})

describe('the swap form', () => {
  it('says what is wrong with the amount as it is typed, and still gives an amount above the balance to quote', () => {
    expect(inspectSwapForm(form(NATIVE, USDC, '0.1'))).toMatchObject({ value: 10n ** 17n, amountError: undefined, balance: 15n * 10n ** 17n })
    expect(inspectSwapForm(form(USDC, NATIVE, '13'))).toMatchObject({ value: 13_000_000n, amountError: 'Insufficient USDC balance' })
    expect(inspectSwapForm(form(USDC, NATIVE, '0.0000001')).amountError).toBe('Invalid amount: this token has at most 6 decimals')
    expect(inspectSwapForm(form(USDC, NATIVE, '0')).amountError).toBe('Enter an amount more than 0')
    expect(inspectSwapForm(form(USDC, NATIVE, '')).amountError).toBeUndefined()
  })

  it('validates a swap to send with plain messages', () => {
    expect(() => validateSwap(form('eip155:1:0x0000000000000000000000000000000000000001', USDC, '1'))).toThrow('A token is required')
    expect(() => validateSwap(form(NATIVE, undefined, '1'))).toThrow('Choose a token to receive')
    expect(() => validateSwap(form(NATIVE, USDC, ' '))).toThrow('Enter an amount')
    expect(() => validateSwap(form(NATIVE, USDC, '2'))).toThrow('Insufficient ETH balance')
    expect(validateSwap(form(NATIVE, USDC, '1.5')).value).toBe(15n * 10n ** 17n)
  })
})

describe('what a swap paid, from its receipt', () => {
  it('uses the standard event topics', () => {
    const topic = (signature: string) => `0x${bytesToHex(keccak_256(signature))}`
    expect(TRANSFER_TOPIC).toBe(topic('Transfer(address,address,uint256)'))
    expect(WITHDRAWAL_TOPIC).toBe(topic('Withdrawal(address,uint256)'))
  })

  it("adds the bought token's transfers to the user, and nothing else", () => {
    const usdc = USDC.split(':')[2] as `0x${string}`
    const receipt = swapReceipt(usdc, 296_150_425n)
    const other = { ...receipt.logs[0]!, address: DAI.split(':')[2] }
    const toSomeoneElse = { ...receipt.logs[0]!, topics: [TRANSFER_TOPIC, receipt.logs[0]!.topics[1], `0x${'1'.padStart(64, '0')}`] }
    const all = { ...receipt, logs: [...receipt.logs, other, toSomeoneElse] }
    expect(receivedAmount({ receipt: all, user: USER, router: ROUTER, token: usdc, native: false })).toBe(296_150_425n)
    expect(receivedAmount({ receipt: { logs: [] }, user: USER, router: ROUTER, token: usdc, native: false })).toBeUndefined()
    expect(receivedAmount({ receipt: null, user: USER, router: ROUTER, token: usdc, native: false })).toBeUndefined()
  })

  it('reads the native coin paid out from the wrapped token the router unwrapped', () => {
    const weth = WETH.split(':')[2] as `0x${string}`
    const log = {
      address: weth,
      topics: [WITHDRAWAL_TOPIC, `0x${ROUTER.slice(2).padStart(64, '0')}`],
      data: `0x${(33_000_000_000_000_000n).toString(16)}`,
    }
    expect(receivedAmount({ receipt: { logs: [log] }, user: USER, router: ROUTER, token: weth, native: true })).toBe(33_000_000_000_000_000n)
  })
})
