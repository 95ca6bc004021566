import { createContext } from 'react'
import type { OrielClient } from '../core/client/createClient'

/** Holds the core client for the hooks and views. `null` outside `<OrielProvider>`. */
export const OrielContext = createContext<OrielClient | null>(null)
