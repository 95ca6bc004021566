import { useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useOrielClient } from './hooks/useOrielClient'
import { useStore } from './hooks/useStore'
import { ModalCard } from './modal/ModalCard'
import { applyTheme, attachStyledShadow } from './styles/applyTheme'

export type OrielWidgetProps = {
  className?: string | undefined
}

/**
 * The widget rendered inline where you place it (for `enableEmbedded: true`), in its own
 * shadow root. It has no overlay and no close button.
 *
 * @example
 * const config = createConfig({ projectId, networks: [ethereum], enableEmbedded: true })
 * <OrielProvider config={config}><OrielWidget /></OrielProvider>
 */
export function OrielWidget({ className }: OrielWidgetProps) {
  const client = useOrielClient()
  const titleId = useId()
  const hostRef = useRef<HTMLDivElement>(null)
  const [root, setRoot] = useState<ShadowRoot | null>(null)
  const theme = useStore(client.theme)

  useEffect(() => {
    const host = hostRef.current
    if (!host) return
    setRoot(attachStyledShadow(host))
    if (!client.modal.getSnapshot().open) client.modal.open()
  }, [client])

  useEffect(() => {
    if (hostRef.current) applyTheme(hostRef.current, theme)
  }, [theme])

  return (
    <div ref={hostRef} className={className} data-oriel-widget="">
      {root ? createPortal(<ModalCard role="region" inline titleId={titleId} />, root) : null}
    </div>
  )
}
