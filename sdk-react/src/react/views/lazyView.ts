import { type ComponentType, createElement, lazy, useState } from 'react'

/** A view in its own chunk that can be fetched before it is shown. */
export interface LazyView<P extends object> {
  /** Renders the view: at once when its chunk is in, else through `Suspense`. */
  readonly Component: ComponentType<P>
  /** Fetches the chunk (once); a failed fetch is tried again on the next call. */
  preload(): Promise<void>
}

/**
 * A lazily loaded view that renders without suspending once its chunk was preloaded, so a view
 * fetched on pointer-over paints in the frame after the click instead of after a spinner
 * (React shows a suspended boundary's fallback for at least 300 ms).
 *
 * @example
 * const Account = lazyView(() => import('./AccountView'))
 * onPointerEnter={() => void Account.preload()}
 */
export function lazyView<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyView<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  const fetchChunk = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default
        return module
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  const Suspending = lazy(fetchChunk)
  function Component(props: P) {
    // Chosen once per mount: switching from the suspending wrapper to the loaded component
    // later would remount the view and lose its state.
    const [Render] = useState<ComponentType<P>>(() => loaded ?? Suspending)
    return createElement(Render, props)
  }
  return { Component, preload: () => fetchChunk().then(() => undefined) }
}
