import { BaseError } from './base'

export type SiweSiwxConflictErrorType = SiweSiwxConflictError & { name: 'SiweSiwxConflictError' }
/** Thrown by `createConfig` when both sign-in options are set. */
export class SiweSiwxConflictError extends BaseError {
  override name = 'SiweSiwxConflictError'
  constructor() {
    super('Cannot set both `siweConfig` and `siwx` options', { docsPath: '/config#siwx' })
  }
}

export type InvalidThemeModeErrorType = InvalidThemeModeError & { name: 'InvalidThemeModeError' }
/** Thrown by `createConfig` when `themeMode` is neither `light` nor `dark`. */
export class InvalidThemeModeError extends BaseError {
  override name = 'InvalidThemeModeError'
  constructor({ themeMode }: { themeMode: unknown }) {
    super(`Invalid theme mode: ${String(themeMode)}`, {
      metaMessages: ['Expected "light" or "dark".'],
      docsPath: '/config#thememode',
    })
  }
}

export type InvalidThemeVariableErrorType = InvalidThemeVariableError & { name: 'InvalidThemeVariableError' }
/** A theme variable that Oriel does not know, or a value of the wrong kind. */
export class InvalidThemeVariableError extends BaseError {
  override name = 'InvalidThemeVariableError'
  constructor({ name, value, expected }: { name: string; value: unknown; expected: string }) {
    super(`Invalid theme variable: ${name}`, {
      metaMessages: [`Got ${JSON.stringify(value) ?? String(value)}; expected ${expected}.`],
      docsPath: '/config#themevariables',
    })
  }
}

export type NoNetworksErrorType = NoNetworksError & { name: 'NoNetworksError' }
/** Thrown by `createConfig` when `networks` is empty. */
export class NoNetworksError extends BaseError {
  override name = 'NoNetworksError'
  constructor() {
    super('At least one network is required', { docsPath: '/config#networks' })
  }
}

export type NetworkNotFoundErrorType = NetworkNotFoundError & { name: 'NetworkNotFoundError' }
/** A network that is not in the configured `networks` array. */
export class NetworkNotFoundError extends BaseError {
  override name = 'NetworkNotFoundError'
  constructor({ caipNetworkId }: { caipNetworkId: string }) {
    super('Network Not Found', {
      details: `${caipNetworkId} is not in the configured networks array.`,
      docsPath: '/config#networks',
    })
  }
}

export type ProjectIdNotConfiguredErrorType = ProjectIdNotConfiguredError & {
  name: 'ProjectIdNotConfiguredError'
}
/** An action that needs the project id (e.g. email login) was tried without one. */
export class ProjectIdNotConfiguredError extends BaseError {
  override name = 'ProjectIdNotConfiguredError'
  constructor() {
    super('Project ID Not Configured', { docsPath: '/config#projectid' })
  }
}

export type InvalidDefaultAccountTypeErrorType = InvalidDefaultAccountTypeError & { name: 'InvalidDefaultAccountTypeError' }
/**
 * Thrown by `createConfig` when `defaultAccountTypes` names a namespace without account types,
 * or a type its namespace does not have (eip155: `eoa` or `smartAccount`; solana: `eoa`;
 * bip122: `payment`).
 */
export class InvalidDefaultAccountTypeError extends BaseError {
  override name = 'InvalidDefaultAccountTypeError'
  constructor({ namespace, accountType, allowed }: { namespace: string; accountType: unknown; allowed?: readonly string[] | undefined }) {
    super(`Invalid default account type for ${namespace}: ${JSON.stringify(accountType) ?? String(accountType)}`, {
      metaMessages: [
        allowed
          ? `Expected ${allowed.map((type) => JSON.stringify(type)).join(' or ')}.`
          : 'Account types can be set for eip155, solana, polkadot and bip122.',
      ],
      docsPath: '/config#defaultaccounttypes',
    })
  }
}
