import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { formatSIWXMessage, InvalidSIWXMessageError, type SIWXMessageData } from './message'

// EIP-4361's own example message.
const EIP4361_EXAMPLE = `service.org wants you to sign in with your Ethereum account:
0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2

I accept the ServiceOrg Terms of Service: https://service.org/tos

URI: https://service.org/login
Version: 1
Chain ID: 1
Nonce: 32891756
Issued At: 2021-09-30T16:25:24Z
Resources:
- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/
- https://example.com/my-web2-claim.json`

const example: SIWXMessageData = {
  domain: 'service.org',
  accountAddress: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  statement: 'I accept the ServiceOrg Terms of Service: https://service.org/tos',
  uri: 'https://service.org/login',
  version: '1',
  chainId: 'eip155:1',
  nonce: '32891756',
  issuedAt: '2021-09-30T16:25:24Z',
  resources: ['ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/', 'https://example.com/my-web2-claim.json'],
}

describe('the sign-in message', () => {
  it('is EIP-4361’s example, byte for byte', () => {
    expect(formatSIWXMessage(example)).toBe(EIP4361_EXAMPLE)
  })

  it('equals viem’s EIP-4361 message with every optional field, and without a statement', () => {
    const full = {
      ...example,
      scheme: 'http',
      domain: 'localhost:5173',
      uri: 'http://localhost:5173/',
      chainId: 'eip155:31337',
      issuedAt: '2026-11-26T10:00:00.000Z',
      expirationTime: '2026-11-27T10:00:00.000Z',
      notBefore: '2026-11-26T09:59:00.000Z',
      requestId: 'req-7',
    }
    const viem = (data: SIWXMessageData) =>
      createSiweMessage({
        ...(data.scheme ? { scheme: data.scheme } : {}),
        domain: data.domain,
        address: data.accountAddress as `0x${string}`,
        ...(data.statement ? { statement: data.statement } : {}),
        uri: data.uri,
        version: '1',
        chainId: Number(data.chainId.split(':')[1]),
        nonce: data.nonce,
        issuedAt: new Date(data.issuedAt),
        ...(data.expirationTime ? { expirationTime: new Date(data.expirationTime) } : {}),
        ...(data.notBefore ? { notBefore: new Date(data.notBefore) } : {}),
        ...(data.requestId ? { requestId: data.requestId } : {}),
        ...(data.resources ? { resources: [...data.resources] } : {}),
      })
    expect(formatSIWXMessage(full)).toBe(viem(full))
    const bare = { ...full, statement: undefined, resources: undefined }
    expect(formatSIWXMessage(bare)).toBe(viem(bare))
  })

  it('follows CAIP-122 for solana: the account named Solana, the chain id its reference', () => {
    const text = formatSIWXMessage({
      ...example,
      accountAddress: 'GWmd8f3bYyjhiVxbbtRDj5MtNRQ9e9GukjJeD1LyNEdu',
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      resources: undefined,
    })
    expect(text.split('\n').slice(0, 2)).toEqual([
      'service.org wants you to sign in with your Solana account:',
      'GWmd8f3bYyjhiVxbbtRDj5MtNRQ9e9GukjJeD1LyNEdu',
    ])
    expect(text).toContain('\nChain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\n')
  })

  it.each([
    ['a statement with a line break', { statement: 'Sign in\nURI: https://evil.example' }, 'statement has a line break'],
    ['a domain with a path', { domain: 'service.org/login' }, 'domain is not a host with an optional port'],
    ['a relative uri', { uri: '/login' }, 'uri is not an absolute URI'],
    ['a short nonce', { nonce: 'abc' }, 'nonce must be at least 8 letters or digits'],
    ['an unknown namespace', { chainId: 'foo:1' }, 'chainId is not a CAIP-2 id of a known namespace'],
    ['a non-EVM address on eip155', { accountAddress: 'alice' }, 'accountAddress is not an EVM address'],
    ['a date that is not RFC 3339', { issuedAt: 'yesterday' }, 'issuedAt is not an RFC 3339 time'],
    ['a huge statement', { statement: 'x'.repeat(2049) }, 'statement is longer than 2048 characters'],
  ])('refuses %s', (_, change, reason) => {
    expect(() => formatSIWXMessage({ ...example, ...change })).toThrow(InvalidSIWXMessageError)
    expect(() => formatSIWXMessage({ ...example, ...change })).toThrow(`Invalid sign-in message: ${reason}`)
  })
})
