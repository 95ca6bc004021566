import { Suspense, useDeferredValue, useMemo, type Ref } from 'react'
import { getViewTitle, type RouterEntry } from '../../core/modal/views'
import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'
import { SpinnerIcon } from '../icons/icons'
import { VIEW_COMPONENTS } from '../views/registry'
import { AlertBar } from './AlertBar'
import { Footer } from './Footer'
import { Header } from './Header'
import { useAnimatedHeight } from './useAnimatedHeight'

export type ModalCardProps = {
  titleId: string
  /** Inline widget: no close button, no entrance animation. */
  inline?: boolean | undefined
  /** Dialog semantics, set by the modal; the inline widget is a region. */
  role: 'dialog' | 'region'
  cardRef?: Ref<HTMLDivElement> | undefined
}

const CONNECT: RouterEntry = { view: 'Connect' }

function Loading() {
  return (
    <div className="view center" aria-busy="true">
      <SpinnerIcon size={28} />
      <span className="sr">Loading</span>
    </div>
  )
}

/**
 * The card: header, alert, the current view (height animated), and the footer with the snackbar.
 * A view that loads lazily shows once its code is in; until then the previous one stays (only
 * the modal's first view, with nothing before it, shows a spinner meanwhile).
 */
export function ModalCard({ titleId, inline, role, cardRef }: ModalCardProps) {
  const client = useOrielClient()
  const { history, loading, shake } = useStore(client.modal)
  const body = useAnimatedHeight<HTMLDivElement, HTMLDivElement>()
  const latest = history.at(-1)
  const current = useMemo(() => ({ entry: latest ?? CONNECT, depth: history.length }), [latest, history.length])
  // A view whose code is still loading does not replace the one shown by a spinner: the card
  // keeps the current view (and its height) until the next can render, then changes once.
  const { entry, depth } = useDeferredValue(current)
  const View = VIEW_COMPONENTS[entry.view]
  const className = ['card', inline ? 'inline' : '', shake ? 'shake' : ''].filter(Boolean).join(' ')

  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-modal is set only when `role` is dialog
    <div
      ref={cardRef}
      className={className}
      role={role}
      aria-modal={role === 'dialog' ? true : undefined}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-view={entry.view}
    >
      <Header
        title={getViewTitle(entry)}
        titleId={titleId}
        onBack={client.modal.canGoBack() ? client.modal.goBack : undefined}
        onHelp={entry.view === 'Connect' ? () => client.modal.push('WhatIsAWallet') : undefined}
        onClose={inline ? undefined : () => client.modal.dismiss()}
        closeLabel={entry.view === 'ApproveTransaction' ? 'Reject and close' : 'Close'}
      />
      <AlertBar />
      <div className="body" ref={body.outer}>
        <div ref={body.inner}>
          {loading ? (
            <Loading />
          ) : (
            <Suspense fallback={<Loading />}>
              <View key={`${depth}:${entry.view}`} entry={entry} />
            </Suspense>
          )}
        </div>
      </div>
      <Footer />
    </div>
  )
}
