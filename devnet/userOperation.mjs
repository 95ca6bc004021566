// A v0.7 user operation of a devnet smart account (devnet/accountAbstraction.mjs), built and
// signed as a wallet does: the account's counterfactual address from the factory, initCode
// (factory, factoryData) until it is deployed, the calls in one `executeBatch`, the nonce from the
// EntryPoint, fees and gas from the bundler, and the owner's EIP-191 signature of the operation's
// hash (what SimpleAccount checks). Used by the tests that send operations to alto.
import { createPublicClient, encodeFunctionData, http } from 'viem'
import { createBundlerClient, entryPoint07Abi, formatUserOperationRequest, getUserOperationHash } from 'viem/account-abstraction'
import { ACCOUNT_FACTORY_ABI, SIMPLE_ACCOUNT_ABI } from './accountAbstraction.mjs'

/** A well-formed ECDSA signature for gas estimation, which SimpleAccount rejects without reverting. */
export const DUMMY_SIGNATURE =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

/**
 * The counterfactual address of `owner`'s smart account (salt 0), from the factory.
 * @param {string} rpcUrl
 * @param {import('./deploy.mjs').DevnetContracts} contracts
 * @param {`0x${string}`} owner
 * @returns {Promise<`0x${string}`>}
 */
export function smartAccountOf(rpcUrl, contracts, owner) {
  const client = createPublicClient({ transport: http(rpcUrl) })
  return /** @type {Promise<`0x${string}`>} */ (
    client.readContract({
      address: contracts.accountAbstraction.accountFactory,
      abi: ACCOUNT_FACTORY_ABI,
      functionName: 'getAddress',
      args: [owner, 0n],
    })
  )
}

/**
 * The signed operation of `owner`'s account running `calls`, signed by `signer` (the owner
 * unless a test says otherwise).
 *
 * @param {{
 *   rpcUrl: string,
 *   bundlerUrl: string,
 *   contracts: import('./deploy.mjs').DevnetContracts,
 *   owner: import('viem/accounts').PrivateKeyAccount,
 *   calls: { to: `0x${string}`, value: bigint, data?: `0x${string}` }[],
 *   signer?: import('viem/accounts').PrivateKeyAccount,
 * }} options
 * @returns {Promise<import('viem/account-abstraction').UserOperation<'0.7'>>}
 */
export async function signedUserOperation({ rpcUrl, bundlerUrl, contracts, owner, calls, signer = owner }) {
  const client = createPublicClient({ transport: http(rpcUrl) })
  const bundler = createBundlerClient({ client, transport: http(bundlerUrl) })
  const { entryPoint, accountFactory } = contracts.accountAbstraction
  const sender = await smartAccountOf(rpcUrl, contracts, owner.address)
  const deployed = (await client.getCode({ address: sender })) !== undefined
  const nonce = /** @type {bigint} */ (
    await client.readContract({ address: entryPoint, abi: entryPoint07Abi, functionName: 'getNonce', args: [sender, 0n] })
  )
  const fees = /** @type {{ fast: { maxFeePerGas: `0x${string}`, maxPriorityFeePerGas: `0x${string}` } }} */ (
    await bundler.request(/** @type {never} */ ({ method: 'pimlico_getUserOperationGasPrice', params: [] }))
  )
  /** @type {import('viem/account-abstraction').UserOperation<'0.7'>} */
  const draft = {
    sender,
    nonce,
    ...(deployed
      ? {}
      : {
          factory: accountFactory,
          factoryData: encodeFunctionData({ abi: ACCOUNT_FACTORY_ABI, functionName: 'createAccount', args: [owner.address, 0n] }),
        }),
    callData: encodeFunctionData({
      abi: SIMPLE_ACCOUNT_ABI,
      functionName: 'executeBatch',
      args: [calls.map((c) => c.to), calls.map((c) => c.value), calls.map((c) => c.data ?? '0x')],
    }),
    callGasLimit: 0n,
    verificationGasLimit: 0n,
    preVerificationGas: 0n,
    maxFeePerGas: BigInt(fees.fast.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(fees.fast.maxPriorityFeePerGas),
    signature: DUMMY_SIGNATURE,
  }
  const gas = await bundler.estimateUserOperationGas(/** @type {never} */ ({ ...draft, entryPointAddress: entryPoint }))
  const op = /** @type {import('viem/account-abstraction').UserOperation<'0.7'>} */ ({ ...draft, ...gas })
  const hash = getUserOperationHash({ chainId: 31337, entryPointAddress: entryPoint, entryPointVersion: '0.7', userOperation: op })
  return { ...op, signature: await signer.signMessage({ message: { raw: hash } }) }
}

/** `op` as `eth_sendUserOperation` takes it (hex quantities). */
export const userOperationRequest = (/** @type {import('viem/account-abstraction').UserOperation<'0.7'>} */ op) =>
  formatUserOperationRequest(op)
