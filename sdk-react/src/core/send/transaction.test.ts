import { decodeFunctionData, encodeFunctionData, erc20Abi, toFunctionSelector } from 'viem'
import { describe, expect, it } from 'vitest'
import { buildSendTransaction, encodeTransfer, ERC20_TRANSFER_SELECTOR } from './transaction'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3'

describe('the send transaction', () => {
  it('ERC-20 transfer calldata matches viem', () => {
    expect(ERC20_TRANSFER_SELECTOR).toBe(toFunctionSelector('transfer(address,uint256)'))
    const data = encodeTransfer(TO, 1_500_000n)
    expect(data).toBe(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [TO, 1_500_000n] }))
    expect(decodeFunctionData({ abi: erc20Abi, data }).args).toEqual([TO, 1_500_000n])
    expect(() => encodeTransfer(TO, -1n)).toThrow(RangeError)
    expect(() => encodeTransfer(TO, 1n << 256n)).toThrow(RangeError)
  })

  it('native: { from, to, value }; ERC-20: a call of the token with no value', () => {
    expect(buildSendTransaction({ from: FROM, to: TO, token: { contract: undefined }, value: 10n ** 18n })).toEqual({
      from: FROM,
      to: TO,
      value: '0xde0b6b3a7640000',
    })
    expect(buildSendTransaction({ from: FROM, to: TO, token: { contract: TOKEN }, value: 1_500_000n })).toEqual({
      from: FROM,
      to: TOKEN,
      value: '0x0',
      data: encodeTransfer(TO, 1_500_000n),
    })
  })
})
