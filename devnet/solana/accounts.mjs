// Accounts as Solana's RPC answers them: base64 or base58 data, or `jsonParsed` for SPL token
// accounts and mints (the RPC's `spl-token` parsed form), other accounts falling back to base64.
import { getMintDecoder, getMintSize, getTokenDecoder, getTokenSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { getBase58Decoder, getBase64Decoder } from '@solana/kit'
import { RpcFailure } from './cluster.mjs'

/** The rent epoch the RPC reports for rent-exempt accounts (u64::MAX). */
export const RENT_EXEMPT_EPOCH = 18446744073709551615n
/** base58 account data is refused past this many bytes, as on a real node. */
const MAX_BASE58_BYTES = 128

/** `account` (litesvm's EncodedAccount) in the RPC's form for `encoding`; `svm` reads a token
 * account's mint for its decimals. */
export function encodeAccount(account, encoding, svm) {
  const data = account.data
  const common = {
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: BigInt(data.length),
  }
  if (encoding === 'jsonParsed') {
    const parsed = parseTokenData(account, svm)
    if (parsed) return { ...common, data: { program: 'spl-token', parsed, space: BigInt(data.length) } }
    return { ...common, data: [getBase64Decoder().decode(data), 'base64'] }
  }
  if (encoding === 'base58') {
    if (data.length > MAX_BASE58_BYTES) {
      throw new RpcFailure(-32600, 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.')
    }
    return { ...common, data: [getBase58Decoder().decode(data), 'base58'] }
  }
  return { ...common, data: [getBase64Decoder().decode(data), 'base64'] }
}

/** The `spl-token` parsed form of a token account or mint, or null for anything else. */
export function parseTokenData(account, svm) {
  if (account.programAddress !== TOKEN_PROGRAM_ADDRESS) return null
  if (account.data.length === getTokenSize()) {
    const token = getTokenDecoder().decode(account.data)
    const mint = svm.getAccount(token.mint)
    const decimals = mint.exists && mint.data.length === getMintSize() ? getMintDecoder().decode(mint.data).decimals : 0
    return {
      type: 'account',
      info: {
        isNative: token.isNative.__option === 'Some',
        mint: token.mint,
        owner: token.owner,
        state: ['uninitialized', 'initialized', 'frozen'][token.state],
        tokenAmount: tokenAmount(token.amount, decimals),
      },
    }
  }
  if (account.data.length === getMintSize()) {
    const mint = getMintDecoder().decode(account.data)
    return {
      type: 'mint',
      info: {
        decimals: mint.decimals,
        freezeAuthority: mint.freezeAuthority.__option === 'Some' ? mint.freezeAuthority.value : null,
        isInitialized: mint.isInitialized,
        mintAuthority: mint.mintAuthority.__option === 'Some' ? mint.mintAuthority.value : null,
        supply: mint.supply.toString(),
      },
    }
  }
  return null
}

/** The RPC's UiTokenAmount of `amount` base units. */
export function tokenAmount(amount, decimals) {
  const text = amount.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, text.length - decimals)
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}
