import { beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeFrameClient, loadFakeFrameClient } from '../../test/fakeFrameClient'
import { createClient } from '../client/createClient'
import { createConfig } from '../config/createConfig'
import { ethereum } from '../networks'
import { frameTheme } from './syncTheme'

describe("the frame's theme", () => {
  beforeEach(() => {
    FakeFrameClient.instances = []
  })

  it("carries the mode, the accent in effect (the dapp's, else the mode's default), the font and the radius", () => {
    const client = createClient({
      config: createConfig({ projectId: 'demo', networks: [ethereum], themeMode: 'light' }),
      loadFrameClient: loadFakeFrameClient,
      isMobile: () => false,
    })
    const value = (name: string) => frameTheme(client.theme.getSnapshot()).themeVariables.find((v) => v.name === name)?.value
    expect(frameTheme(client.theme.getSnapshot()).themeMode).toBe('light')
    expect(value('--oriel-accent')).toBe('#076b62')
    expect(value('--oriel-border-radius-base')).toBe('4px')
    expect(value('--oriel-font-family')).toContain('system-ui')
    client.theme.setThemeVariables({ '--oriel-accent': '#6246ea' })
    expect(frameTheme(client.theme.getSnapshot()).themeVariables[0]).toEqual({ name: '--oriel-accent', value: '#6246ea' })
  })

  it('is sent when the frame is ready and again on every change', async () => {
    const client = createClient({
      config: createConfig({ projectId: 'demo', networks: [ethereum] }),
      loadFrameClient: loadFakeFrameClient,
      isMobile: () => false,
    })
    const unmount = client.mount()
    const frame = (await client.embedded.ensureReady()) as unknown as FakeFrameClient
    await vi.waitFor(() => expect(frame.themes).toHaveLength(1))
    expect(frame.themes[0]).toMatchObject({ themeMode: 'dark' })
    client.theme.setThemeMode('light')
    await vi.waitFor(() => expect(frame.themes).toHaveLength(2))
    expect(frame.themes[1]).toMatchObject({ themeMode: 'light' })
    unmount()
    client.theme.setThemeMode('dark')
    await new Promise((r) => setTimeout(r, 10))
    expect(frame.themes).toHaveLength(2)
  })
})
