import { BaseError } from './base'

export type OrielProviderNotFoundErrorType = OrielProviderNotFoundError & {
  name: 'OrielProviderNotFoundError'
}
/** A hook or component was used outside `<OrielProvider>`. */
export class OrielProviderNotFoundError extends BaseError {
  override name = 'OrielProviderNotFoundError'
  constructor() {
    super('`useOriel…` must be used within `<OrielProvider>`.', { docsPath: '/react/provider' })
  }
}
