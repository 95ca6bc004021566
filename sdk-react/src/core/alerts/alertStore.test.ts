import { describe, expect, it } from 'vitest'
import { ALERTS, createAlertStore } from './alertStore'

describe('alert store', () => {
  it('shows and dismisses an alert', () => {
    const alerts = createAlertStore()
    alerts.show(ALERTS.projectIdNotConfigured)
    expect(alerts.getSnapshot().alert?.title).toBe('Project ID Not Configured')
    alerts.dismiss()
    expect(alerts.getSnapshot().alert).toBeNull()
  })
})
