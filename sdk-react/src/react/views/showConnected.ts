import type { OrielClient } from '../../core/client/createClient'

/**
 * After a login: the modal closes (its next open shows Account, spec §2); the inline widget,
 * which never closes, shows Account at once.
 */
export function showConnected(client: OrielClient): void {
  if (client.config.enableEmbedded) client.modal.reset('Account')
  else client.modal.close()
}
