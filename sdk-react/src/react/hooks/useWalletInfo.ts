import { WALLETCONNECT_CONNECTOR_ID } from '../../core/walletconnect/connector'
import { useOrielClient } from './useOrielClient'
import { useStore } from './useStore'

/** Name and icon of a connected wallet. */
export type WalletInfo = {
  name: string
  /** A `data:` or `https:` image URL, when the wallet gave one. */
  icon: string | undefined
}

export type UseWalletInfoReturnType = {
  /** The wallet of the active connection, or `undefined` while disconnected. */
  walletInfo: WalletInfo | undefined
}

/** What the embedded wallet is called in the widget. */
const EMBEDDED_WALLET_NAME = 'Email Wallet'

/**
 * The connected wallet's name and icon.
 *
 * @example
 * function Connected() {
 *   const { walletInfo } = useWalletInfo()
 *   if (!walletInfo) return null
 *   return <span>{walletInfo.icon ? <img src={walletInfo.icon} alt="" width={16} /> : null} {walletInfo.name}</span>
 * }
 */
export function useWalletInfo(): UseWalletInfoReturnType {
  const client = useOrielClient()
  const { activeNamespace, connections } = useStore(client.connection)
  const { status, connectorId } = useStore(client.account)
  if (status !== 'connected') return { walletInfo: undefined }
  if (connectorId === 'AUTH') return { walletInfo: { name: EMBEDDED_WALLET_NAME, icon: undefined } }
  // A WalletConnect session: the wallet at the other end, as it describes itself.
  const peer = connectorId === WALLETCONNECT_CONNECTOR_ID ? client.walletConnect.getPeer() : undefined
  if (peer) return { walletInfo: { name: peer.name, icon: peer.icon } }
  const wallet = activeNamespace ? connections[activeNamespace]?.wallet : undefined
  return { walletInfo: wallet ? { name: wallet.name, icon: wallet.icon } : undefined }
}
