// Loaded only through a dynamic import (see connector.ts): WalletConnect's client library and
// its dependencies become their own chunk, fetched the first time a dapp user picks WalletConnect.
import { SignClient } from '@walletconnect/sign-client'
import { DEFAULT_WALLETCONNECT_RELAY_URL } from '../constants'
import type { SignClientLike, StartSignClientParameters } from './types'

/**
 * Starts WalletConnect's sign client against `relayUrl`. Telemetry is off. WalletConnect's
 * Verify service (which attests the dapp's origin to wallets) exists only next to the public
 * relay: with an operator's own relay, the client neither registers an attestation (Verify's
 * iframe, 5 s wait) nor looks one up (a fetch to Verify for any incoming proposal or request
 * that came without an attestation), so nothing leaves for WalletConnect's servers.
 *
 * @example
 * const client = await startSignClient({ projectId, relayUrl: 'ws://127.0.0.1:8600', metadata })
 */
export async function startSignClient(parameters: StartSignClientParameters): Promise<SignClientLike> {
  const client = await SignClient.init({
    projectId: parameters.projectId,
    relayUrl: parameters.relayUrl,
    metadata: { ...parameters.metadata, icons: [...parameters.metadata.icons] },
    customStoragePrefix: 'oriel',
    telemetryEnabled: false,
    logger: 'silent',
    ...(parameters.storage ? { storage: parameters.storage } : {}),
  })
  if (parameters.relayUrl !== DEFAULT_WALLETCONNECT_RELAY_URL) {
    client.core.verify.register = async () => ''
    client.core.verify.resolve = skipVerify
  }
  return client as unknown as SignClientLike
}

/** Verify's lookup, answered locally: no attestation, so the request's origin stays 'UNKNOWN'. */
const skipVerify = (async () => undefined) as unknown as Awaited<ReturnType<typeof SignClient.init>>['core']['verify']['resolve']
