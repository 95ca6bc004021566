// The demo wallet on eip155: Hardhat's test account #1, signing personal_sign and
// eth_signTypedData_v4 with viem.
import { hexToString, isHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type ChainFamily, invalidParams, unsupported } from './request'

/** Hardhat's well-known test mnemonic, account #1 (m/44'/60'/0'/0/1). Test funds only. */
const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')

export const eip155: ChainFamily = {
  namespace: 'eip155',
  methods: ['personal_sign', 'eth_signTypedData_v4'],
  events: ['chainChanged', 'accountsChanged'],
  address: account.address,
  read(method, params) {
    const args = Array.isArray(params) ? (params as unknown[]) : []
    if (method === 'personal_sign') {
      if (typeof args[0] !== 'string') throw invalidParams('the message must be a string')
      const message = args[0]
      return {
        shown: isHex(message) ? hexToString(message as Hex) : message,
        answer: () => account.signMessage({ message: isHex(message) ? { raw: message as Hex } : message }),
      }
    }
    if (method === 'eth_signTypedData_v4') {
      let typed: Parameters<typeof account.signTypedData>[0]
      try {
        typed = JSON.parse(String(args[1]))
      } catch {
        throw invalidParams('the typed data is not JSON')
      }
      return { shown: JSON.stringify(typed, null, 2), answer: () => account.signTypedData(typed) }
    }
    throw unsupported(method)
  },
}
