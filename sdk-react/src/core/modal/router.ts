import type { RouterData, RouterEntry, ViewName } from './views'

/** Router history: the last entry is the current view. Never empty once opened. */
export type History = readonly RouterEntry[]

const entry = (view: ViewName, data?: RouterData): RouterEntry => (data ? { view, data } : { view })

/** Adds a view on top (no-op when it is already the current view with no new data). */
export function push(history: History, view: ViewName, data?: RouterData): History {
  const current = history.at(-1)
  if (current?.view === view && !data) return history
  return [...history, entry(view, data)]
}

/** Swaps the current view for another one. */
export function replace(history: History, view: ViewName, data?: RouterData): History {
  return [...history.slice(0, -1), entry(view, data)]
}

/** Starts a new history with one view. */
export function reset(view: ViewName, data?: RouterData): History {
  return [entry(view, data)]
}

/** Drops the current view. Returns `null` when the current view is the first one. */
export function goBack(history: History): History | null {
  return history.length > 1 ? history.slice(0, -1) : null
}

/** Returns to the entry at `index`, dropping everything after it. */
export function goBackToIndex(history: History, index: number): History {
  if (index < 0 || index >= history.length) return history
  return history.slice(0, index + 1)
}
