// What the modal card looks like on every frame the browser paints: for the tests of a card that
// does not jump (issue 18 §6).
import type { Page } from 'playwright-core'

/** The modal card on one animation frame. */
export type CardFrame = {
  /** The card's box in the window, in CSS pixels (rounded). */
  top: number
  bottom: number
  height: number
  /** The view the card shows (`data-view`). */
  view: string
  /** The card shows the spinner a view shows while its code loads. */
  loading: boolean
  /** The body's height and the height of the content it follows. */
  bodyHeight: number
  contentHeight: number
  /** The card's own animations running on this frame (`card-in`, `shake`), by name. */
  animations: string[]
}

declare global {
  interface Window {
    __orielFrames?: { frames: CardFrame[]; heightTransitions: number; stop: boolean }
  }
}

/**
 * Records the card on every animation frame from now on, and counts the transitions of the
 * body's height that start (`transitionrun`), until `stopCardFrames`. The modal must be open.
 */
export async function startCardFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const root = document.querySelector('oriel-modal')?.shadowRoot
    const body = root?.querySelector<HTMLElement>('.card > .body')
    if (!root || !body) throw new Error('the modal is not open')
    const state = { frames: [] as CardFrame[], heightTransitions: 0, stop: false }
    window.__orielFrames = state
    body.addEventListener('transitionrun', (event) => {
      if (event.target === body && event.propertyName === 'height') state.heightTransitions++
    })
    const sample = () => {
      if (state.stop) return
      const card = root.querySelector<HTMLElement>('.card')
      if (card) {
        const box = card.getBoundingClientRect()
        state.frames.push({
          top: Math.round(box.top),
          bottom: Math.round(box.bottom),
          height: Math.round(box.height),
          view: card.dataset['view'] ?? '',
          loading: root.querySelector('.body .view[aria-busy="true"]') !== null,
          bodyHeight: body.offsetHeight,
          contentHeight: (body.firstElementChild as HTMLElement | null)?.offsetHeight ?? 0,
          animations: card.getAnimations().map((a) => (a as CSSAnimation).animationName ?? a.constructor.name),
        })
      }
      requestAnimationFrame(sample)
    }
    requestAnimationFrame(sample)
  })
}

/**
 * Waits until the modal card is still: no transition or animation runs on the card or its body
 * (a view change moves the body's height over 150 ms), and the body is as tall as its content.
 */
export async function waitForCardSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.querySelector('oriel-modal')?.shadowRoot
    const card = root?.querySelector<HTMLElement>('.card')
    const body = card?.querySelector<HTMLElement>(':scope > .body')
    const content = body?.firstElementChild as HTMLElement | null | undefined
    if (!card || !body || !content) return false
    return card.getAnimations().length === 0 && body.getAnimations().length === 0 && body.offsetHeight === content.offsetHeight
  })
}

/** Stops recording; returns every frame recorded and how many height transitions started. */
export async function stopCardFrames(page: Page): Promise<{ frames: CardFrame[]; heightTransitions: number }> {
  return page.evaluate(() => {
    const state = window.__orielFrames
    if (!state) throw new Error('startCardFrames was not called')
    state.stop = true
    return { frames: state.frames, heightTransitions: state.heightTransitions }
  })
}
