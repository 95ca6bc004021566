import type { Config } from '../config/createConfig'
import { version } from '../errors/base'
import type { FrameClient } from '../frame/client'
import { SDK_TYPE } from '../frameHost/transport'

/**
 * Tells the frame who the dapp is (its metadata, the SDK version and the project); the frame
 * shows the dapp's name on its approval screens next to the origin the browser reported.
 *
 * @example
 * const embedded = createEmbeddedWallet({ …, onReady: (frame) => introduceDapp(frame, config) })
 */
export async function introduceDapp(frame: FrameClient, config: Config): Promise<void> {
  const metadata = config.metadata
  await frame.request({
    SyncDappData: {
      metadata: {
        name: metadata?.name ?? '',
        description: metadata?.description ?? '',
        url: metadata?.url ?? '',
        icons: [...(metadata?.icons ?? [])],
      },
      sdkVersion: version,
      sdkType: SDK_TYPE,
      projectId: config.projectId,
    },
  })
}
