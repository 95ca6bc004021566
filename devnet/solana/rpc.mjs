// The JSON-RPC 2.0 methods of the local cluster, as Solana's RPC defines them, over a
// `Cluster` (cluster.mjs). Bad input answers the RPC's typed errors: -32700 parse error,
// -32600 invalid request, -32601 method not found, -32602 invalid params.
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import {
  getBase58Encoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  isAddress,
} from '@solana/kit'
import { createRequire } from 'node:module'
import { encodeAccount } from './accounts.mjs'
import { GENESIS_HASH, MAX_AIRDROP_LAMPORTS, RpcFailure } from './cluster.mjs'

const LITESVM_VERSION = createRequire(import.meta.url)('litesvm/package.json').version
/** A transaction's wire size limit (PACKET_DATA_SIZE), and its base58 and base64 lengths. */
const PACKET_DATA_SIZE = 1232
const MAX_BASE58_TX = 1683
const MAX_BASE64_TX = 1644
/** The most addresses getSignatureStatuses takes at once, as on a real node. */
const MAX_SIGNATURES = 256
/** The most data bytes getMinimumBalanceForRentExemption accepts (10 MiB, the account limit). */
const MAX_ACCOUNT_SPACE = 10 * 1024 * 1024
const COMMITMENTS = ['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max']

const invalid = (message) => new RpcFailure(-32602, `Invalid params: ${message}`)

/** Answers one JSON-RPC request object (already parsed): the response object. */
export async function answer(cluster, request) {
  const id = request && typeof request === 'object' && !Array.isArray(request) ? request.id : undefined
  const validId = id === undefined || id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))
  if (!request || typeof request !== 'object' || Array.isArray(request) || request.jsonrpc !== '2.0' || typeof request.method !== 'string' || !validId) {
    return { jsonrpc: '2.0', id: validId ? (id ?? null) : null, error: { code: -32600, message: 'Invalid request' } }
  }
  const params = request.params ?? []
  try {
    if (!Array.isArray(params)) throw invalid('params must be an array')
    const method = METHODS[request.method]
    if (!method || !Object.hasOwn(METHODS, request.method)) throw new RpcFailure(-32601, 'Method not found')
    return { jsonrpc: '2.0', id: id ?? null, result: await method(cluster, params) }
  } catch (error) {
    if (!(error instanceof RpcFailure)) throw error
    const body = { code: error.code, message: error.message }
    if (error.data !== undefined) body.data = error.data
    return { jsonrpc: '2.0', id: id ?? null, error: body }
  }
}

const context = (cluster) => ({ slot: cluster.slot })

/** params[i] as an address. */
function address(params, i) {
  const value = params[i]
  if (typeof value !== 'string' || !isAddress(value)) throw invalid(`param ${i} is not a base58 address`)
  return value
}

/** params[i] as a config object (absent: empty), its commitment checked. */
function config(params, i) {
  const value = params[i] ?? {}
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(`param ${i} must be a config object`)
  for (const key of ['commitment', 'preflightCommitment']) {
    if (value[key] !== undefined && !COMMITMENTS.includes(value[key])) throw invalid(`unknown ${key} ${String(value[key]).slice(0, 40)}`)
  }
  return value
}

/** An encoded transaction param in `encoding` (base58 by default), decoded and size-checked. */
function transaction(params, encoding = 'base58') {
  const text = params[0]
  if (typeof text !== 'string') throw invalid('param 0 must be an encoded transaction')
  let bytes
  if (encoding === 'base64') {
    if (text.length > MAX_BASE64_TX) throw invalid(`base64 encoded transaction too large: ${text.length} bytes (max: encoded/raw ${MAX_BASE64_TX}/${PACKET_DATA_SIZE})`)
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw invalid('invalid base64 encoding')
    bytes = Uint8Array.from(getBase64Encoder().encode(text))
  } else if (encoding === 'base58') {
    if (text.length > MAX_BASE58_TX) throw invalid(`base58 encoded transaction too large: ${text.length} bytes (max: encoded/raw ${MAX_BASE58_TX}/${PACKET_DATA_SIZE})`)
    try {
      bytes = Uint8Array.from(getBase58Encoder().encode(text))
    } catch {
      throw invalid('invalid base58 encoding')
    }
  } else {
    throw invalid(`unsupported encoding: ${String(encoding).slice(0, 20)}. Supported encodings: base58, base64`)
  }
  if (bytes.length > PACKET_DATA_SIZE) throw invalid(`transaction too large: ${bytes.length} bytes (max: ${PACKET_DATA_SIZE})`)
  try {
    const tx = getTransactionDecoder().decode(bytes)
    getCompiledTransactionMessageDecoder().decode(tx.messageBytes)
    return tx
  } catch {
    throw invalid('failed to deserialize the transaction')
  }
}

/** `tx` with its message's blockhash replaced by the latest one. */
function withLatestBlockhash(cluster, tx) {
  const message = getCompiledTransactionMessageDecoder().decode(tx.messageBytes)
  const { blockhash } = cluster.latestBlockhash()
  const messageBytes = getCompiledTransactionMessageEncoder().encode({ ...message, lifetimeToken: blockhash })
  return { ...tx, messageBytes }
}

function wholeNumber(params, i, what) {
  const value = params[i]
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw invalid(`${what} must be a whole number`)
  return BigInt(value)
}

const METHODS = {
  getHealth: () => 'ok',
  getVersion: () => ({ 'solana-core': `litesvm ${LITESVM_VERSION}` }),
  getGenesisHash: () => GENESIS_HASH,
  getSlot(cluster, params) {
    config(params, 0)
    return cluster.slot
  },
  // One block per slot: the height is the slot.
  getBlockHeight(cluster, params) {
    config(params, 0)
    return cluster.slot
  },

  getBalance(cluster, params) {
    const owner = address(params, 0)
    config(params, 1)
    return { context: context(cluster), value: cluster.svm.getBalance(owner) ?? 0n }
  },

  getLatestBlockhash(cluster, params) {
    config(params, 0)
    return { context: context(cluster), value: cluster.latestBlockhash() }
  },

  getMinimumBalanceForRentExemption(cluster, params) {
    const space = wholeNumber(params, 0, 'the data length')
    if (space > MAX_ACCOUNT_SPACE) throw invalid(`the data length is over ${MAX_ACCOUNT_SPACE} bytes`)
    return cluster.svm.minimumBalanceForRentExemption(space)
  },

  getAccountInfo(cluster, params) {
    const key = address(params, 0)
    const { encoding = 'base58' } = config(params, 1)
    if (!['base58', 'base64', 'jsonParsed'].includes(encoding)) throw invalid(`unsupported encoding: ${String(encoding).slice(0, 20)}`)
    const account = cluster.svm.getAccount(key)
    return { context: context(cluster), value: account.exists ? encodeAccount(account, encoding, cluster.svm) : null }
  },

  getTokenAccountsByOwner(cluster, params) {
    const owner = address(params, 0)
    const filter = params[1]
    if (!filter || typeof filter !== 'object' || Object.keys(filter).length !== 1) {
      throw invalid('param 1 must be either {"mint": address} or {"programId": address}')
    }
    const mint = filter.mint === undefined ? undefined : address([filter.mint], 0)
    if (mint === undefined && address([filter.programId], 0) !== TOKEN_PROGRAM_ADDRESS) {
      throw invalid(`unrecognized token program id: ${filter.programId}`)
    }
    const { encoding = 'base64' } = config(params, 2)
    if (!['base58', 'base64', 'jsonParsed'].includes(encoding)) throw invalid(`unsupported encoding: ${String(encoding).slice(0, 20)}`)
    const value = cluster.svm
      .getProgramAccounts(TOKEN_PROGRAM_ADDRESS)
      .map((account) => ({ account, parsed: encodeAccount(account, 'jsonParsed', cluster.svm) }))
      .filter(({ parsed }) => parsed.data.parsed?.type === 'account' && parsed.data.parsed.info.owner === owner)
      .filter(({ parsed }) => mint === undefined || parsed.data.parsed.info.mint === mint)
      .map(({ account, parsed }) => ({ pubkey: account.address, account: encoding === 'jsonParsed' ? parsed : encodeAccount(account, encoding, cluster.svm) }))
    return { context: context(cluster), value }
  },

  requestAirdrop(cluster, params) {
    const to = address(params, 0)
    const lamports = wholeNumber(params, 1, 'the lamports')
    config(params, 2)
    if (lamports === 0n || lamports > MAX_AIRDROP_LAMPORTS) throw invalid(`an airdrop gives 1 to ${MAX_AIRDROP_LAMPORTS} lamports`)
    return cluster.airdrop(to, lamports)
  },

  sendTransaction(cluster, params) {
    const options = config(params, 1)
    const tx = transaction(params, options.encoding)
    return cluster.send(tx, { skipPreflight: options.skipPreflight === true })
  },

  simulateTransaction(cluster, params) {
    const options = config(params, 1)
    if (options.sigVerify && options.replaceRecentBlockhash) {
      throw invalid('sigVerify may not be used with replaceRecentBlockhash')
    }
    let tx = transaction(params, options.encoding)
    if (options.replaceRecentBlockhash) tx = withLatestBlockhash(cluster, tx)
    const { err, logs, unitsConsumed } = cluster.simulate(tx, { sigVerify: options.sigVerify === true })
    const value = { err, logs, accounts: null, unitsConsumed, returnData: null }
    if (options.replaceRecentBlockhash) value.replacementBlockhash = cluster.latestBlockhash()
    return { context: context(cluster), value }
  },

  getSignatureStatuses(cluster, params) {
    const signatures = params[0]
    if (!Array.isArray(signatures) || signatures.some((s) => typeof s !== 'string' || s.length > 88)) {
      throw invalid('param 0 must be an array of base58 signatures')
    }
    if (signatures.length > MAX_SIGNATURES) throw invalid(`Too many inputs provided; max ${MAX_SIGNATURES}`)
    config(params, 1)
    const value = signatures.map((signature) => {
      const status = cluster.statuses.get(signature)
      if (!status) return null
      return {
        slot: status.slot,
        confirmations: null,
        err: status.err,
        status: status.err ? { Err: status.err } : { Ok: null },
        confirmationStatus: 'finalized',
      }
    })
    return { context: context(cluster), value }
  },
}
