// The devnet contracts on a hardhat node of their own: deployed from the cached solc output,
// read back with viem, and the faucet's exact amounts.
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  multicall3Abi,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevnet } from '@oriel/stack/devnet'
import { freePort } from '@oriel/stack/ports'
import { compileDevnetContracts } from './compile.mjs'
import { type DevnetContracts, deployDevnetContracts, fund, registerFid } from './deploy.mjs'
import { FARCASTER_CUSTODY_ADDRESS, FARCASTER_CUSTODY_KEY } from './farcaster.mjs'
import { PAIR_ABI, POOLS, ROUTER_ABI } from './uniswap.mjs'

// Hardhat's second test account: the sender of the no-return transfer.
const ALICE = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const nft721Abi = parseAbi([
  'function name() view returns (string)',
  'function ownerOf(uint256) view returns (address)',
  'function tokenURI(uint256) view returns (string)',
])
// The USDT shape: transfer declared without outputs, as a wallet must call it.
const noReturnAbi = parseAbi(['function transfer(address to, uint256 value)'])

let devnet: Awaited<ReturnType<typeof startDevnet>>
let contracts: DevnetContracts
let client: ReturnType<typeof createPublicClient>

beforeAll(async () => {
  devnet = await startDevnet({ port: await freePort(), deploy: false })
  contracts = await deployDevnetContracts(devnet.url)
  client = createPublicClient({ transport: http(devnet.url) })
})
afterAll(() => devnet?.stop())

const token = (symbol: string) => {
  const found = contracts.tokens.find((t) => t.symbol === symbol)
  if (!found) throw new Error(`no token ${symbol}`)
  return found
}
const balanceOf = (address: `0x${string}`, owner: `0x${string}`) =>
  client.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

describe('the devnet contracts', () => {
  it('compiles once: a second compile is the cache', async () => {
    expect((await compileDevnetContracts()).cached).toBe(true)
  })

  it('deploys the tokens with their decimals and symbols, the supply minted to the deployer', async () => {
    expect(contracts.chainId).toBe(31337)
    expect(contracts.tokens.map((t) => [t.symbol, t.decimals, t.kind])).toEqual([
      ['dUSD', 6, 'erc20'],
      ['DEV', 18, 'erc20'],
      ['dUSDT', 6, 'erc20-no-return'],
    ])
    for (const t of contracts.tokens) {
      const read = (functionName: 'decimals' | 'symbol' | 'name') =>
        client.readContract({ address: t.address, abi: erc20Abi, functionName })
      expect(await read('decimals')).toBe(t.decimals)
      expect(await read('symbol')).toBe(t.symbol)
      expect(await read('name')).toBe(t.name)
      // The supply, less what seeded the token's Uniswap pool.
      const pooled = POOLS.find((p) => p.symbol === t.symbol)?.tokens ?? '0'
      expect(await balanceOf(t.address, contracts.deployer)).toBe(parseUnits('1000000000', t.decimals) - parseUnits(pooled, t.decimals))
    }
  })

  it('moves the USDT-style token with a transfer that returns nothing', async () => {
    const dusdt = token('dUSDT')
    const chain = defineChain({
      id: contracts.chainId,
      name: 'devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [devnet.url] } },
    })
    const wallet = createWalletClient({ chain, transport: http(devnet.url), account: ALICE })
    await fund(devnet.url, contracts, ALICE.address)
    const to = getAddress('0x000000000000000000000000000000000000beef')
    // The call itself returns no data: what a bool-expecting ERC-20 caller would trip on.
    const { data } = await client.call({
      account: ALICE.address,
      to: dusdt.address,
      data: encodeFunctionData({ abi: noReturnAbi, functionName: 'transfer', args: [to, 1n] }),
    })
    expect(data).toBeUndefined()
    const hash = await wallet.writeContract({
      address: dusdt.address,
      abi: noReturnAbi,
      functionName: 'transfer',
      args: [to, parseUnits('1.5', 6)],
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await balanceOf(dusdt.address, to)).toBe(1_500_000n)
    expect(await balanceOf(dusdt.address, ALICE.address)).toBe(parseUnits('998.5', 6))
  })

  it('mints NFTs whose tokenURI is a data: JSON with an SVG image', async () => {
    const owner = getAddress('0x000000000000000000000000000000000000c0de')
    const { nftTokenId } = await fund(devnet.url, contracts, owner)
    const read = { address: contracts.nft.address, abi: nft721Abi } as const
    expect(await client.readContract({ ...read, functionName: 'ownerOf', args: [nftTokenId] })).toBe(owner)
    expect(await client.readContract({ ...read, functionName: 'name' })).toBe(contracts.nft.name)
    const uri = await client.readContract({ ...read, functionName: 'tokenURI', args: [nftTokenId] })
    const prefix = 'data:application/json;base64,'
    expect(uri.startsWith(prefix)).toBe(true)
    const metadata = JSON.parse(Buffer.from(uri.slice(prefix.length), 'base64').toString('utf8'))
    expect(metadata.name).toBe(`${contracts.nft.name} #${nftTokenId}`)
    const imagePrefix = 'data:image/svg+xml;base64,'
    expect(metadata.image.startsWith(imagePrefix)).toBe(true)
    const svg = Buffer.from(metadata.image.slice(imagePrefix.length), 'base64').toString('utf8')
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/)
    expect(svg).toContain(`#${nftTokenId}</text>`)
  })

  it('reads two balances in one Multicall3 aggregate3 call', async () => {
    const dusd = token('dUSD')
    const dev = token('DEV')
    const [a, b] = await client.multicall({
      multicallAddress: contracts.multicall3,
      contracts: [
        { address: dusd.address, abi: erc20Abi, functionName: 'balanceOf', args: [contracts.deployer] },
        { address: dev.address, abi: erc20Abi, functionName: 'balanceOf', args: [contracts.deployer] },
      ],
    })
    expect(a).toEqual({ status: 'success', result: await balanceOf(dusd.address, contracts.deployer) })
    expect(b).toEqual({ status: 'success', result: await balanceOf(dev.address, contracts.deployer) })
    // aggregate3 directly: one eth_call, a failing call allowed to fail.
    const results = await client.readContract({
      address: contracts.multicall3,
      abi: multicall3Abi,
      functionName: 'aggregate3',
      args: [
        [
          { target: dusd.address, allowFailure: false, callData: '0x18160ddd' },
          { target: contracts.multicall3, allowFailure: true, callData: '0xdeadbeef' },
        ],
      ],
    })
    expect(results.map((r) => r.success)).toEqual([true, false])
    expect(BigInt(results[0]!.returnData)).toBe(parseUnits('1000000000', 6))
  })

  it('fund gives the exact ETH, token amounts and one NFT', async () => {
    const to = getAddress('0x00000000000000000000000000000000000f00d5')
    const before = await client.getBalance({ address: to })
    expect(before).toBe(0n)
    const { nftTokenId } = await fund(devnet.url, contracts, to)
    expect(await client.getBalance({ address: to })).toBe(parseEther('10'))
    expect(await balanceOf(token('dUSD').address, to)).toBe(1_000_000_000n)
    expect(await balanceOf(token('DEV').address, to)).toBe(parseEther('100'))
    expect(await balanceOf(token('dUSDT').address, to)).toBe(1_000_000_000n)
    expect(
      await client.readContract({ address: contracts.nft.address, abi: nft721Abi, functionName: 'ownerOf', args: [nftTokenId] }),
    ).toBe(to)
    expect(await balanceOf(contracts.nft.address, to)).toBe(1n)
  })

  it('funds two addresses at once without reusing a nonce', async () => {
    const a = getAddress('0x00000000000000000000000000000000000000a1')
    const b = getAddress('0x00000000000000000000000000000000000000b2')
    const [fa, fb] = await Promise.all([fund(devnet.url, contracts, a), fund(devnet.url, contracts, b)])
    expect(fb.nftTokenId).toBe(fa.nftTokenId + 1n)
    for (const to of [a, b]) expect(await balanceOf(token('DEV').address, to)).toBe(parseEther('100'))
  })

  it('runs Uniswap V2: pools hold the seeded reserves, and a swap pays exactly what the router quoted', async () => {
    const { router, weth, pairs } = contracts.uniswapV2
    const dusd = token('dUSD')
    const pool = pairs.find((p) => p.symbol === 'dUSD')!
    const [r0, r1] = (await client.readContract({ address: pool.pair, abi: PAIR_ABI, functionName: 'getReserves' })) as [bigint, bigint, number]
    const token0 = (await client.readContract({ address: pool.pair, abi: PAIR_ABI, functionName: 'token0' })) as string
    const [ethReserve, dusdReserve] = getAddress(token0) === weth ? [r0, r1] : [r1, r0]
    expect([ethReserve, dusdReserve]).toEqual([parseEther('100'), parseUnits('300000', 6)])

    const bob = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
    const chain = defineChain({
      id: contracts.chainId,
      name: 'devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [devnet.url] } },
    })
    const wallet = createWalletClient({ chain, transport: http(devnet.url), account: bob })
    const amountIn = parseEther('0.1')
    const [, quoted] = (await client.readContract({
      address: router,
      abi: ROUTER_ABI,
      functionName: 'getAmountsOut',
      args: [amountIn, [weth, dusd.address]],
    })) as bigint[]
    // The constant-product formula with the 0.3% fee, by hand.
    const withFee = amountIn * 997n
    expect(quoted).toBe((withFee * dusdReserve) / (ethReserve * 1000n + withFee))
    const before = await balanceOf(dusd.address, bob.address)
    const hash = await wallet.writeContract({
      address: router,
      abi: ROUTER_ABI,
      functionName: 'swapExactETHForTokens',
      args: [quoted, [weth, dusd.address], bob.address, BigInt(Math.floor(Date.now() / 1000) + 600)],
      value: amountIn,
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect((await balanceOf(dusd.address, bob.address)) - before).toBe(quoted)
  })

  it("registers the devnet's Farcaster account as fid 1 in the IdRegistry, and a second address as fid 2", async () => {
    const idRegistryAbi = parseAbi([
      'function idOf(address) view returns (uint256)',
      'function custodyOf(uint256) view returns (address)',
      'function idCounter() view returns (uint256)',
    ])
    const { idRegistry, fid, custody } = contracts.farcaster
    expect(privateKeyToAccount(FARCASTER_CUSTODY_KEY).address).toBe(FARCASTER_CUSTODY_ADDRESS)
    expect({ fid, custody }).toEqual({ fid: 1, custody: FARCASTER_CUSTODY_ADDRESS })
    const read = (functionName: 'idOf' | 'custodyOf', arg: `0x${string}` | bigint) =>
      client.readContract({ address: idRegistry, abi: idRegistryAbi, functionName, args: [arg] } as never)
    expect(await read('idOf', custody)).toBe(1n)
    expect(await read('custodyOf', 1n)).toBe(custody)
    const other = getAddress('0x00000000000000000000000000000000000000c3')
    expect(await read('idOf', other)).toBe(0n)
    expect(await registerFid(devnet.url, contracts, other)).toBe(2)
    expect(await read('idOf', other)).toBe(2n)
    // An address holds one fid at most.
    await expect(registerFid(devnet.url, contracts, other)).rejects.toThrow()
  })
})
