import { describe, expect, it } from 'vitest'
import { FakeFrameClient } from '../../test/fakeFrameClient'
import { createTestClient as setup, freshEachTest, logInRecordingEvents } from '../../test/testClient'
import { connectOtp } from '../embedded/actions/connectOtp'
import { disconnect } from './disconnect'

describe('disconnect', () => {
  freshEachTest()

  it('reports DISCONNECT_SUCCESS, and DISCONNECT_ERROR with the message when the frame fails', async () => {
    const { client } = setup()
    const { seen, unmount } = await logInRecordingEvents(client)
    client.modal.close()
    await disconnect(client)
    FakeFrameClient.instances[0]!.signOut = async () => {
      throw new Error('frame crashed')
    }
    // Logged in again (the connection store is the account's only writer, so no state by hand).
    await connectOtp(client, { otp: '123456' })
    await expect(disconnect(client)).rejects.toThrow('Failed to disconnect')
    expect(seen).toEqual([
      'MODAL_OPEN {"connected":false}',
      expect.stringMatching(/^CONNECT_SUCCESS \{"connector":"AUTH","caipAddress":"eip155:/),
      'MODAL_CLOSE {"connected":true}',
      'DISCONNECT_SUCCESS {}',
      expect.stringMatching(/^CONNECT_SUCCESS \{"connector":"AUTH","caipAddress":"eip155:/), // the login again, above
      'DISCONNECT_ERROR {"message":"Failed to disconnect"}',
    ])
    unmount()
  })
})
