// A v0.7 user operation of a devnet smart account (devnet/accountAbstraction.mjs: a Safe 1.4.1
// with the Safe4337Module), built and signed as the frame does: the Safe's counterfactual address
// (CREATE2 from the proxy factory), initCode (factory, `createProxyWithNonce`) until it is
// deployed, the calls through the module's `executeUserOp` (one call directly, more as a
// `MultiSendCallOnly` batch it delegatecalls), the nonce from the EntryPoint, fees and gas from
// the bundler, and the owner's signature of the module's EIP-712 `SafeOp`, behind the 12 bytes of
// `validAfter` and `validUntil` (both 0: no time bounds). `safeMessageSignature` is the owner's
// signature of a hash the Safe checks for ERC-1271. Used by the tests that send operations to alto.
import { concat, createPublicClient, encodeFunctionData, encodePacked, getContractAddress, http, keccak256, pad, size, zeroAddress } from 'viem'
import { createBundlerClient, entryPoint07Abi, formatUserOperationRequest, toPackedUserOperation } from 'viem/account-abstraction'
import {
  MULTI_SEND_CALL_ONLY_ABI,
  SAFE_4337_MODULE_ABI,
  SAFE_ABI,
  SAFE_MODULE_SETUP_ABI,
  SAFE_PROXY_FACTORY_ABI,
} from './accountAbstraction.mjs'

/** @typedef {import('./accountAbstraction.mjs').AccountAbstractionDeployment} AccountAbstractionDeployment */
/** @typedef {{ to: `0x${string}`, value: bigint, data?: `0x${string}` }} Call */

/**
 * A signature for gas estimation: no time bounds, then a well-formed ECDSA signature of no owner,
 * which the module turns into "signature failed" without reverting.
 */
export const DUMMY_SIGNATURE =
  '0x000000000000000000000000fffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

/** The salt nonce of every owner's Safe: one account per owner. */
const SALT_NONCE = 0n

/**
 * The `setup` call of `owner`'s Safe: `owner` alone (threshold 1), the module enabled through
 * `SafeModuleSetup` and made the fallback handler, no payment.
 * @param {AccountAbstractionDeployment} aa
 * @param {`0x${string}`} owner
 */
export function safeInitializer(aa, owner) {
  const enableModules = encodeFunctionData({ abi: SAFE_MODULE_SETUP_ABI, functionName: 'enableModules', args: [[aa.safe4337Module]] })
  return encodeFunctionData({
    abi: SAFE_ABI,
    functionName: 'setup',
    args: [[owner], 1n, aa.safeModuleSetup, enableModules, aa.safe4337Module, zeroAddress, 0n, zeroAddress],
  })
}

/**
 * The factory call that creates `owner`'s Safe (a user operation's `factoryData`).
 * @param {AccountAbstractionDeployment} aa
 * @param {`0x${string}`} owner
 */
export const safeFactoryData = (aa, owner) =>
  encodeFunctionData({
    abi: SAFE_PROXY_FACTORY_ABI,
    functionName: 'createProxyWithNonce',
    args: [aa.safeSingleton, safeInitializer(aa, owner), SALT_NONCE],
  })

/**
 * The address `createProxyWithNonce` gives `owner`'s Safe: CREATE2 from the factory, salted with
 * the initializer's hash and the salt nonce, of the proxy's creation code and the singleton.
 * @param {{ aa: AccountAbstractionDeployment, owner: `0x${string}`, proxyCreationCode: `0x${string}` }} options
 */
export function safeAddressOf({ aa, owner, proxyCreationCode }) {
  const salt = keccak256(encodePacked(['bytes32', 'uint256'], [keccak256(safeInitializer(aa, owner)), SALT_NONCE]))
  return getContractAddress({
    opcode: 'CREATE2',
    from: aa.safeProxyFactory,
    salt,
    bytecode: concat([proxyCreationCode, pad(aa.safeSingleton)]),
  })
}

/**
 * The counterfactual address of `owner`'s smart account, with the proxy's creation code read
 * from the devnet's factory.
 * @param {string} rpcUrl
 * @param {import('./deploy.mjs').DevnetContracts} contracts
 * @param {`0x${string}`} owner
 * @returns {Promise<`0x${string}`>}
 */
export async function smartAccountOf(rpcUrl, contracts, owner) {
  const aa = contracts.accountAbstraction
  const client = createPublicClient({ transport: http(rpcUrl) })
  const proxyCreationCode = /** @type {`0x${string}`} */ (
    await client.readContract({ address: aa.safeProxyFactory, abi: SAFE_PROXY_FACTORY_ABI, functionName: 'proxyCreationCode' })
  )
  return safeAddressOf({ aa, owner, proxyCreationCode })
}

/**
 * A user operation's `callData` for `calls`: the module's `executeUserOp` of the one call, or
 * of a delegatecall (operation 1) to `MultiSendCallOnly` with the calls packed as it reads them
 * (operation 0, to, value, data length, data).
 * @param {AccountAbstractionDeployment} aa
 * @param {Call[]} calls
 */
export function safeCallData(aa, calls) {
  const [only] = calls
  if (calls.length === 1 && only) {
    return encodeFunctionData({ abi: SAFE_4337_MODULE_ABI, functionName: 'executeUserOp', args: [only.to, only.value, only.data ?? '0x', 0] })
  }
  const packed = concat(
    calls.map(({ to, value, data = '0x' }) => encodePacked(['uint8', 'address', 'uint256', 'uint256', 'bytes'], [0, to, value, BigInt(size(data)), data])),
  )
  const multiSend = encodeFunctionData({ abi: MULTI_SEND_CALL_ONLY_ABI, functionName: 'multiSend', args: [packed] })
  return encodeFunctionData({ abi: SAFE_4337_MODULE_ABI, functionName: 'executeUserOp', args: [aa.multiSendCallOnly, 0n, multiSend, 1] })
}

/**
 * The module's EIP-712 `SafeOp` of `userOperation` (no time bounds), whose hash the owner signs
 * and `getOperationHash` returns.
 * @param {{ chainId: number, aa: AccountAbstractionDeployment, userOperation: import('viem/account-abstraction').UserOperation<'0.7'> }} options
 */
export function safeOperationTypedData({ chainId, aa, userOperation: op }) {
  const { initCode, paymasterAndData } = toPackedUserOperation(op)
  return /** @type {const} */ ({
    domain: { chainId, verifyingContract: aa.safe4337Module },
    types: {
      SafeOp: [
        { name: 'safe', type: 'address' },
        { name: 'nonce', type: 'uint256' },
        { name: 'initCode', type: 'bytes' },
        { name: 'callData', type: 'bytes' },
        { name: 'verificationGasLimit', type: 'uint128' },
        { name: 'callGasLimit', type: 'uint128' },
        { name: 'preVerificationGas', type: 'uint256' },
        { name: 'maxPriorityFeePerGas', type: 'uint128' },
        { name: 'maxFeePerGas', type: 'uint128' },
        { name: 'paymasterAndData', type: 'bytes' },
        { name: 'validAfter', type: 'uint48' },
        { name: 'validUntil', type: 'uint48' },
        { name: 'entryPoint', type: 'address' },
      ],
    },
    primaryType: 'SafeOp',
    message: {
      safe: op.sender,
      nonce: op.nonce,
      initCode,
      callData: op.callData,
      verificationGasLimit: op.verificationGasLimit,
      callGasLimit: op.callGasLimit,
      preVerificationGas: op.preVerificationGas,
      maxPriorityFeePerGas: op.maxPriorityFeePerGas,
      maxFeePerGas: op.maxFeePerGas,
      paymasterAndData,
      validAfter: 0,
      validUntil: 0,
      entryPoint: aa.entryPoint,
    },
  })
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
 *   calls: Call[],
 *   signer?: import('viem/accounts').PrivateKeyAccount,
 * }} options
 * @returns {Promise<import('viem/account-abstraction').UserOperation<'0.7'>>}
 */
export async function signedUserOperation({ rpcUrl, bundlerUrl, contracts, owner, calls, signer = owner }) {
  const aa = contracts.accountAbstraction
  const client = createPublicClient({ transport: http(rpcUrl) })
  const bundler = createBundlerClient({ client, transport: http(bundlerUrl) })
  const sender = await smartAccountOf(rpcUrl, contracts, owner.address)
  const deployed = (await client.getCode({ address: sender })) !== undefined
  const nonce = /** @type {bigint} */ (
    await client.readContract({ address: aa.entryPoint, abi: entryPoint07Abi, functionName: 'getNonce', args: [sender, 0n] })
  )
  const fees = /** @type {{ fast: { maxFeePerGas: `0x${string}`, maxPriorityFeePerGas: `0x${string}` } }} */ (
    await bundler.request(/** @type {never} */ ({ method: 'pimlico_getUserOperationGasPrice', params: [] }))
  )
  /** @type {import('viem/account-abstraction').UserOperation<'0.7'>} */
  const draft = {
    sender,
    nonce,
    ...(deployed ? {} : { factory: aa.safeProxyFactory, factoryData: safeFactoryData(aa, owner.address) }),
    callData: safeCallData(aa, calls),
    callGasLimit: 0n,
    verificationGasLimit: 0n,
    preVerificationGas: 0n,
    maxFeePerGas: BigInt(fees.fast.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(fees.fast.maxPriorityFeePerGas),
    signature: DUMMY_SIGNATURE,
  }
  const gas = await bundler.estimateUserOperationGas(/** @type {never} */ ({ ...draft, entryPointAddress: aa.entryPoint }))
  const op = /** @type {import('viem/account-abstraction').UserOperation<'0.7'>} */ ({ ...draft, ...gas })
  const signature = await signer.signTypedData(safeOperationTypedData({ chainId: await client.getChainId(), aa, userOperation: op }))
  return { ...op, signature: encodePacked(['uint48', 'uint48', 'bytes'], [0, 0, signature]) }
}

/** `op` as `eth_sendUserOperation` takes it (hex quantities). */
export const userOperationRequest = (/** @type {import('viem/account-abstraction').UserOperation<'0.7'>} */ op) =>
  formatUserOperationRequest(op)

/**
 * The EIP-712 `SafeMessage` of a 32-byte `hash` on `safe` (its `message` is `abi.encode(hash)`,
 * the hash itself), whose hash the Safe checks in `isValidSignature(hash, signature)`.
 * @param {{ chainId: number, safe: `0x${string}`, hash: `0x${string}` }} options
 */
export const safeMessageTypedData = ({ chainId, safe, hash }) =>
  /** @type {const} */ ({
    domain: { chainId, verifyingContract: safe },
    types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
    primaryType: 'SafeMessage',
    message: { message: hash },
  })

/**
 * `owner`'s 65-byte signature (r, s, v 27/28) that makes `safe` answer ERC-1271's magic value
 * for `hash`.
 * @param {{ chainId: number, safe: `0x${string}`, owner: import('viem/accounts').PrivateKeyAccount, hash: `0x${string}` }} options
 * @returns {Promise<`0x${string}`>}
 */
export const safeMessageSignature = ({ chainId, safe, owner, hash }) => owner.signTypedData(safeMessageTypedData({ chainId, safe, hash }))
