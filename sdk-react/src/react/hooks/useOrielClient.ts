import { useContext } from 'react'
import type { OrielClient } from '../../core/client/createClient'
import { OrielProviderNotFoundError } from '../../core/errors/provider'
import { OrielContext } from '../context'

export type UseOrielClientReturnType = OrielClient

/**
 * The core client of the nearest `<OrielProvider>`. Throws `OrielProviderNotFoundError` outside it.
 *
 * @example
 * const client = useOrielClient()
 * client.snackbar.showSuccess('Saved')
 */
export function useOrielClient(): UseOrielClientReturnType {
  const client = useContext(OrielContext)
  if (!client) throw new OrielProviderNotFoundError()
  return client
}
