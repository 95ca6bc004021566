import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/**
 * Serious and critical axe violations on the page (the open modal included), as readable lines
 * that name each failing node's markup, so a failure says what was on screen.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Scan what the user settles on: a view or snackbar still fading in or out is partly
  // transparent, and axe would measure its contrast against whatever shows through. A notice
  // lasts 2.5 s: one still up could start fading out in the middle of the scan, so the scan
  // waits for it to go (its colours are checked in palette.test.ts).
  await page.locator('oriel-modal .snackbar').waitFor({ state: 'detached', timeout: 10_000 })
  await page.evaluate(async () => {
    // Two frames: whatever the last answer rendered has started its animations by then.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
    const animations = document.querySelector('oriel-modal')?.shadowRoot?.getAnimations() ?? []
    // A cancelled animation (a notice replaced, or leaving) rejects `finished`: it has settled too.
    await Promise.allSettled(animations.map((a) => a.finished))
  })
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.html}`).join(', ')}`)
}
