import { beforeEach, describe, expect, it } from 'vitest'
import { resetFakeFrameClient } from '../../test/fakeFrameClient'
import { createTestClient } from '../../test/testClient'
import { SocialLoginUnavailableError } from '../errors/auth'
import { connectSocial } from './connectSocial'

const setup = createTestClient

describe('connectSocial', () => {
  beforeEach(() => {
    resetFakeFrameClient()
    localStorage.clear()
  })

  it('connectSocial preloads the frame and reports that social login is not wired yet', async () => {
    const { client, load } = setup()
    await expect(connectSocial(client, { provider: 'github' })).rejects.toBeInstanceOf(SocialLoginUnavailableError)
    expect(load).toHaveBeenCalledTimes(1)
  })
})
