const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** Tabbable elements inside `container`, in document order. */
export function getFocusable(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)]
}

/** The focused element, looking through shadow roots. */
export function getActiveElement(root: Document | ShadowRoot = document): Element | null {
  const active = root.activeElement
  return active?.shadowRoot ? getActiveElement(active.shadowRoot) : active
}

/** Keeps Tab and Shift+Tab inside `container`. Returns true when it moved the focus. */
export function trapTab(event: KeyboardEvent | { key: string; shiftKey: boolean; preventDefault(): void }, container: HTMLElement): boolean {
  if (event.key !== 'Tab') return false
  const items = getFocusable(container)
  const first = items[0]
  const last = items.at(-1)
  if (!first || !last) {
    event.preventDefault()
    return true
  }
  const active = getActiveElement()
  const outside = !active || !container.contains(active)
  if (event.shiftKey && (active === first || active === container || outside)) {
    event.preventDefault()
    last.focus()
    return true
  }
  if (!event.shiftKey && (active === last || active === container || outside)) {
    event.preventDefault()
    first.focus()
    return true
  }
  return false
}
