import type { FrameStatus } from '@oriel/react'

/** `ready · protocol v2 · build 0.1.0`, `loading`, `idle` or `failed: <error>`. */
export function formatFrameStatus(status: FrameStatus): string {
  switch (status.state) {
    case 'ready':
      return `ready · protocol v${status.protocolVersion ?? '?'} · build ${status.buildId ?? '?'}`
    case 'failed':
      return `failed: ${status.error ?? 'unknown error'}`
    default:
      return status.state
  }
}
