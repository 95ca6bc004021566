// Set up for every SDK test file (vite.workspace.ts, the `sdk` project).
import { configure, prettyDOM } from '@testing-library/react'

// The widget renders into shadow roots. A query that times out in one must fail with what the
// root held: Testing Library's own message pretty-prints the container, which throws for a
// ShadowRoot inside its timer, where nothing catches it, so the query never settled and the
// test only timed out as a whole, saying nothing.
configure({
  getElementError(message, container) {
    const shown =
      container instanceof ShadowRoot
        ? `The shadow root's text: ${shadowText(container)}`
        : prettyDOM(container)
    const error = new Error([message, shown].filter(Boolean).join('\n\n'))
    error.name = 'TestingLibraryElementError'
    return error
  },
})

/** The text of a shadow root's elements, its style sheets left out. */
function shadowText(root: ShadowRoot): string {
  const text = Array.from(root.children)
    .filter((element) => element.tagName !== 'STYLE')
    .map((element) => element.textContent ?? '')
    .join(' ')
  return text.replace(/\s+/g, ' ').trim().slice(0, 2_000)
}
