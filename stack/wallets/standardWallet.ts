// What the wallet-standard test wallets share: the authorization an extension keeps per site
// (standard:connect, standard:disconnect) and the `change` events (standard:events).
import type { WalletAccount } from '@wallet-standard/base'

type ChangeListener = (properties: { accounts?: readonly WalletAccount[] }) => void

/** A declined prompt, as wallets report it (EIP-1193 4001). */
export const declined = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })

/** A small square icon in `color`, as a data URL. */
export const walletIcon = (color: string) =>
  `data:image/svg+xml;base64,${btoa(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="${color}"/><circle cx="20" cy="20" r="9" fill="#16171a"/></svg>`,
  )}` as const

export class StandardWalletBase {
  private readonly listeners = new Set<ChangeListener>()

  constructor(
    /** The localStorage key remembering that the site is authorized. */
    private readonly key: string,
    private readonly all: readonly WalletAccount[],
    private readonly settings: { reject?: boolean | undefined },
  ) {}

  authorized(): boolean {
    return localStorage.getItem(this.key) === 'true'
  }

  /** The accounts the site may see: all of them once authorized, none before. */
  accounts(): readonly WalletAccount[] {
    return this.authorized() ? this.all : []
  }

  /** Asks the "user": authorizes the site, or declines while `reject` is set. */
  authorize(): readonly WalletAccount[] {
    if (this.settings.reject) throw declined()
    localStorage.setItem(this.key, 'true')
    this.emit()
    return this.all
  }

  emit(): void {
    for (const listener of [...this.listeners]) listener({ accounts: this.accounts() })
  }

  standardFeatures() {
    return {
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => ({ accounts: input?.silent ? this.accounts() : this.authorize() }),
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          localStorage.removeItem(this.key)
          this.emit()
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (_event: 'change', listener: ChangeListener) => {
          this.listeners.add(listener)
          return () => this.listeners.delete(listener)
        },
      },
    }
  }
}
