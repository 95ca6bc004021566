import { describe, expect, it } from 'vitest'
import { getViewTitle } from '../modal/views'
import { approvalTitle } from './approvalTitle'

const reveal = (method: string, params: unknown) => ({
  requestId: 1,
  purpose: 'Approval' as const,
  rpc: { method, params: typeof params === 'string' ? params : JSON.stringify(params) },
})
const hex = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`
const SIWE =
  'lumen.app wants you to sign in with your Ethereum account:\n0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B\n\nSign in to Lumen.\n\nURI: https://lumen.app\nVersion: 1\nChain ID: 1\nNonce: 32891756\nIssued At: 2026-11-26T10:00:00Z'

describe('the approval title names the kind of request', () => {
  it.each([
    ['personal_sign', [hex('Hello'), '0x01'], 'Sign Message'],
    ['eth_signTypedData_v4', ['0x01', '{}'], 'Sign Typed Data'],
    ['eth_sendTransaction', [{ to: '0x01' }], 'Send Transaction'],
    ['wallet_sendCalls', [{ calls: [] }], 'Send Calls'],
    ['solana_signMessage', { message: '3yZe7d' }, 'Sign Message'],
    ['solana_signTransaction', { transaction: 'AQ' }, 'Sign Transaction'],
    ['solana_signAllTransactions', { transactions: [] }, 'Sign Transactions'],
    ['solana_signAndSendTransaction', { transaction: 'AQ' }, 'Send Transaction'],
    ['eth_somethingNew', [], 'Approve Transaction'],
  ])('%s → %s', (method, params, title) => {
    expect(approvalTitle(reveal(method, params))).toBe(title)
  })

  it('says Sign In for an EIP-4361 message, hex or text, and not for a look-alike', () => {
    expect(approvalTitle(reveal('personal_sign', [hex(SIWE), '0x01']))).toBe('Sign In')
    expect(approvalTitle(reveal('personal_sign', [SIWE, '0x01']))).toBe('Sign In')
    expect(approvalTitle(reveal('personal_sign', [hex(`Note: ${SIWE}`), '0x01']))).toBe('Sign Message')
  })

  it('stays generic for unreadable params or a reveal without a request', () => {
    expect(approvalTitle(reveal('personal_sign', '[not json'))).toBe('Sign Message')
    expect(approvalTitle({ requestId: 1, purpose: 'Approval' })).toBe('Approve Transaction')
    expect(approvalTitle(undefined)).toBe('Approve Transaction')
  })

  it('becomes the header title of ApproveTransaction, and of no other view', () => {
    expect(getViewTitle({ view: 'ApproveTransaction', data: { title: 'Sign In' } })).toBe('Sign In')
    expect(getViewTitle({ view: 'ApproveTransaction' })).toBe('Approve Transaction')
    expect(getViewTitle({ view: 'Account', data: { title: 'Sign In' } })).toBe('Account')
  })
})
