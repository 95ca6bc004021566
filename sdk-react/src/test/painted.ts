import { afterNextPaint } from '../core/env'

/**
 * Resolves once the work queued with `afterNextPaint` before this call has run (the modal
 * starts the wallet frame there): callbacks run in the order they were queued.
 */
export const painted = () => new Promise<void>((resolve) => afterNextPaint(resolve))
