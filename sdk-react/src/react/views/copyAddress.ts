import type { OrielClient } from '../../core/client/createClient'

/**
 * Copies `address` to the clipboard and says so in the snackbar ('Address copied', or 'Failed to
 * copy' when the browser refuses).
 *
 * @example
 * <button onClick={() => copyAddress(client, address)}>Copy address</button>
 */
export async function copyAddress(client: OrielClient, address: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(address)
    client.snackbar.showSuccess('Address copied')
  } catch (error) {
    console.error('oriel: copying the address failed', error)
    client.snackbar.showError('Failed to copy')
  }
}
