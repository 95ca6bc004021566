import { describe, expect, it } from 'vitest'
import { createTestClient as setup, freshEachTest } from '../../test/testClient'
import { SocialLoginUnavailableError } from '../errors/auth'
import { connectSocial } from './connectSocial'

describe('connectSocial', () => {
  freshEachTest()

  it('connectSocial preloads the frame and reports that social login is not wired yet', async () => {
    const { client, load } = setup()
    await expect(connectSocial(client, { provider: 'github' })).rejects.toBeInstanceOf(SocialLoginUnavailableError)
    expect(load).toHaveBeenCalledTimes(1)
  })
})
