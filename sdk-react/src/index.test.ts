import { expect, it } from 'vitest'
import * as exports from './index'

it('exports', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "BaseError",
      "ConnectButton",
      "EmailLoginThrottledError",
      "EmbeddedWalletLoadError",
      "InvalidEmailError",
      "InvalidThemeModeError",
      "NetworkNotFoundError",
      "NoNetworksError",
      "OrielProvider",
      "OrielProviderNotFoundError",
      "OrielWidget",
      "ProjectIdNotConfiguredError",
      "SiweSiwxConflictError",
      "SocialLoginUnavailableError",
      "base",
      "bitcoin",
      "bitcoinTestnet",
      "createConfig",
      "ethereum",
      "isValidEmail",
      "localDevnet",
      "polygon",
      "solana",
      "solanaDevnet",
      "solanaTestnet",
      "useAccount",
      "useEmbeddedWalletStatus",
      "useOrielModal",
    ]
  `)
})
