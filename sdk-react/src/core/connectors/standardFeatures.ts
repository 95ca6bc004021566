// The shapes of the wallet-standard features Oriel calls on Solana and Bitcoin wallets, as the
// Solana wallet-standard and the Bitcoin wallet-standard define them (only the parts used).
import type { WalletAccount } from '@wallet-standard/base'

/** Solana send options (spec §5: the preflight commitment is one of a fixed list). */
export type SolanaSendOptions = {
  preflightCommitment?: string | undefined
  skipPreflight?: boolean | undefined
  maxRetries?: number | undefined
  minContextSlot?: number | undefined
}

export type SolanaSignMessageFeature = {
  'solana:signMessage': {
    signMessage(
      ...inputs: { account: WalletAccount; message: Uint8Array }[]
    ): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>
  }
}

export type SolanaSignTransactionFeature = {
  'solana:signTransaction': {
    signTransaction(
      ...inputs: { account: WalletAccount; transaction: Uint8Array; chain?: string; options?: SolanaSendOptions }[]
    ): Promise<readonly { signedTransaction: Uint8Array }[]>
  }
}

export type SolanaSignAndSendTransactionFeature = {
  'solana:signAndSendTransaction': {
    signAndSendTransaction(
      ...inputs: { account: WalletAccount; transaction: Uint8Array; chain: string; options?: SolanaSendOptions }[]
    ): Promise<readonly { signature: Uint8Array }[]>
  }
}

/** The Bitcoin address purposes a wallet can connect; Oriel asks for `payment` (spec §6). */
export type BitcoinAddressPurpose = 'payment' | 'ordinals'

export type BitcoinConnectFeature = {
  'bitcoin:connect': {
    connect(input: { purposes: BitcoinAddressPurpose[] }): Promise<{ accounts: readonly WalletAccount[] }>
  }
}

export type BitcoinSignMessageFeature = {
  'bitcoin:signMessage': {
    signMessage(
      ...inputs: { account: WalletAccount; message: Uint8Array }[]
    ): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>
  }
}

/** Which inputs of a PSBT one account signs. */
export type BitcoinInputToSign = { account: WalletAccount; signingIndexes: number[]; sigHash?: number | undefined }

export type BitcoinSignTransactionFeature = {
  'bitcoin:signTransaction': {
    signTransaction(
      ...inputs: { psbt: Uint8Array; inputsToSign: BitcoinInputToSign[]; chain?: string }[]
    ): Promise<readonly { signedPsbt: Uint8Array }[]>
  }
}

export type BitcoinSignAndSendTransactionFeature = {
  'bitcoin:signAndSendTransaction': {
    signAndSendTransaction(
      ...inputs: { psbt: Uint8Array; inputsToSign: BitcoinInputToSign[]; chain: string }[]
    ): Promise<readonly { txId: string }[]>
  }
}

/**
 * A sats-connect wallet's own request API, which wallets such as Xverse expose next to the
 * wallet-standard features (`sats-connect:`); `sendTransfer` goes there.
 */
export type SatsConnectFeature = {
  'sats-connect:': {
    provider: { request(method: string, params: unknown): Promise<unknown> }
  }
}
