import { createStore, type ReadableStore } from '../store/createStore'

/** A configuration or environment problem shown as a bar at the top of the modal. */
export interface AlertMessage {
  readonly id: string
  readonly title: string
  readonly description?: string | undefined
}

export interface AlertStore extends ReadableStore<{ readonly alert: AlertMessage | null }> {
  show(alert: AlertMessage): void
  dismiss(): void
}

/** Alert texts of the spec's catalogue that the modal shows as bars. */
export const ALERTS = {
  projectIdNotConfigured: {
    id: 'project_id_not_configured',
    title: 'Project ID Not Configured',
    description: 'Pass `projectId` to createConfig. Connecting will not work until it is set.',
  },
  invalidAppConfiguration: {
    id: 'invalid_app_configuration',
    title: 'Invalid App Configuration',
    description: "This page's origin is not on the project's allow-list: add it to the project's allowed origins in frame-host.",
  },
} as const satisfies Record<string, AlertMessage>

/**
 * Creates the alert store.
 *
 * @example
 * const alerts = createAlertStore()
 * alerts.show(ALERTS.projectIdNotConfigured)
 */
export function createAlertStore(): AlertStore {
  const store = createStore<{ alert: AlertMessage | null }>({ alert: null })
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    show: (alert) => store.setState({ alert }),
    dismiss: () => store.setState({ alert: null }),
  }
}
