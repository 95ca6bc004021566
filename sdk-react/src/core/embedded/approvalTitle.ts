import { hexToString } from 'viem'
import type { FrameReveal } from '../frame/types'

/** The header title of ApproveTransaction when the request's kind is not known. */
export const DEFAULT_APPROVAL_TITLE = 'Approve Transaction'

const TITLES: Readonly<Record<string, string>> = {
  personal_sign: 'Sign Message',
  eth_signTypedData_v4: 'Sign Typed Data',
  eth_sendTransaction: 'Send Transaction',
  wallet_sendCalls: 'Send Calls',
  solana_signMessage: 'Sign Message',
  solana_signTransaction: 'Sign Transaction',
  solana_signAllTransactions: 'Sign Transactions',
  solana_signAndSendTransaction: 'Send Transaction',
}

/** The start of every EIP-4361 and CAIP-122 sign-in message: "{domain} wants you to sign in with your … account:". */
const SIGN_IN = /^\S+ wants you to sign in with your \w+ account:\n/

/** How much of a message is read to tell a sign-in: its first line is at most this long. */
const FIRST_LINE_BYTES = 512

/**
 * The header title for the request the frame shows: by kind ('Sign Message', 'Sign Typed
 * Data', 'Send Transaction', …), 'Sign In' for a personal_sign message in the EIP-4361 format, else
 * {@link DEFAULT_APPROVAL_TITLE}. Only the title reads the request: what is signed is shown,
 * decoded, by the frame.
 *
 * @example
 * approvalTitle({ requestId: 3, purpose: 'Approval', rpc: { method: 'personal_sign', params: '["0x48","0xab…"]' } })
 * // 'Sign Message'
 */
export function approvalTitle(reveal: FrameReveal | undefined): string {
  const rpc = reveal?.rpc
  if (!rpc) return DEFAULT_APPROVAL_TITLE
  const title = TITLES[rpc.method]
  if (!title) return DEFAULT_APPROVAL_TITLE
  if (rpc.method === 'personal_sign') {
    const start = messageStart(rpc.params)
    if (start !== undefined && SIGN_IN.test(start)) return 'Sign In'
  }
  return title
}

/** The first {@link FIRST_LINE_BYTES} of personal_sign's message (hex or text), as text. */
function messageStart(params: string): string | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(params)
  } catch {
    return undefined // The frame refuses unreadable params itself; the title stays generic.
  }
  const message: unknown = Array.isArray(parsed) ? parsed[0] : undefined
  if (typeof message !== 'string') return undefined
  if (!/^0x([0-9a-fA-F]{2})*$/.test(message)) return message.slice(0, FIRST_LINE_BYTES)
  return hexToString(message.slice(0, 2 + FIRST_LINE_BYTES * 2) as `0x${string}`)
}
