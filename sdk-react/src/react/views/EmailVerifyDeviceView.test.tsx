import { act, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FrameRequestError } from '../../core/frame/errors'
import { FakeFrameClient, notConnected, resetFakeFrameClient } from '../../test/fakeFrameClient'
import { getShadowRoot, renderWithOriel } from '../../test/renderWithOriel'

/** Scripts the frame's ConnectDevice answers: each call waits for the test to settle it. */
function scriptConnectDevice() {
  const calls: { resolve(): void; reject(error: unknown): void }[] = []
  const connectDevice = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        calls.push({ resolve, reject })
      }),
  )
  FakeFrameClient.onCreate = (fake) => {
    fake.connectDevice = connectDevice
  }
  return { calls, connectDevice }
}

/** The frame answers "not yet" after polling for ~20 s. */
async function notYet(call: { reject(error: unknown): void } | undefined) {
  vi.setSystemTime(Date.now() + 20_000)
  await act(async () => call?.reject(notConnected()))
}

function openDevice() {
  const utils = renderWithOriel(null)
  act(() => {
    utils.client.modal.open()
    utils.client.modal.push('EmailVerifyDevice', { email: 'ada@example.com' })
  })
  return { ...utils, ui: within(getShadowRoot() as unknown as HTMLElement) }
}

describe('EmailVerifyDevice view', () => {
  let unmount = () => {}
  beforeEach(() => {
    resetFakeFrameClient()
    localStorage.clear()
    vi.useFakeTimers({ toFake: ['Date'] })
  })
  afterEach(() => {
    unmount()
    vi.useRealTimers()
  })

  it('asks again on NotConnected, then moves on to the code once approved', async () => {
    const { calls, connectDevice } = scriptConnectDevice()
    const { ui, client, ...utils } = openDevice()
    unmount = utils.unmount
    expect((await ui.findByText('Approve this device')).textContent).toBe('Approve this device')
    expect(ui.getByText(/Open the link sent to/).textContent).toContain('ada@example.com')
    expect(ui.getByRole('heading', { name: 'Register Device' })).toBeTruthy()
    await vi.waitFor(() => expect(connectDevice).toHaveBeenCalledTimes(1))
    await notYet(calls[0])
    await vi.waitFor(() => expect(connectDevice).toHaveBeenCalledTimes(2))
    await notYet(calls[1])
    await vi.waitFor(() => expect(connectDevice).toHaveBeenCalledTimes(3))
    await act(async () => calls[2]?.resolve())
    expect(await ui.findByRole('heading', { name: 'Confirm Email' })).toBeTruthy()
    expect(client.modal.getSnapshot().history).toEqual([
      { view: 'Connect' },
      { view: 'EmailVerifyOtp', data: { email: 'ada@example.com' } },
    ])
    expect(connectDevice).toHaveBeenCalledTimes(3)
  })

  it('stops asking when the view unmounts', async () => {
    const { calls, connectDevice } = scriptConnectDevice()
    const { client, ...utils } = openDevice()
    unmount = utils.unmount
    await vi.waitFor(() => expect(connectDevice).toHaveBeenCalledTimes(1))
    act(() => client.modal.goBack())
    await notYet(calls[0])
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(connectDevice).toHaveBeenCalledTimes(1)
    expect(client.modal.getSnapshot().history.at(-1)?.view).toBe('Connect')
  })

  it('stops asking when the modal closes', async () => {
    const { calls, connectDevice } = scriptConnectDevice()
    const { client, ...utils } = openDevice()
    unmount = utils.unmount
    await vi.waitFor(() => expect(connectDevice).toHaveBeenCalledTimes(1))
    act(() => void client.modal.close())
    await notYet(calls[0])
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(connectDevice).toHaveBeenCalledTimes(1)
  })

  it('shows other errors and offers to try again', async () => {
    const { calls, connectDevice } = scriptConnectDevice()
    const { ui, ...utils } = openDevice()
    unmount = utils.unmount
    await vi.waitFor(() => expect(connectDevice).toHaveBeenCalledTimes(1))
    await act(async () =>
      calls[0]?.reject(new FrameRequestError({ code: 'Unavailable', message: 'frame-host is down', request: 'ConnectDevice' })),
    )
    expect((await ui.findByRole('alert')).textContent).toBe('frame-host is down')
    act(() => ui.getByRole('button', { name: 'Try again' }).click())
    await vi.waitFor(() => expect(connectDevice).toHaveBeenCalledTimes(2))
  })
})
