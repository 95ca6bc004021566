import { describe, expect, it } from 'vitest'
import { version } from './errors/base'
import { getNetworkImageUrl } from './networkImage'

const host = { frameHostUrl: 'http://127.0.0.1:8787/', projectId: 'demo' }

describe('getNetworkImageUrl', () => {
  it('takes the network’s imageUrl first', () => {
    const network = { assets: { imageUrl: 'https://cdn.test/base.png', imageId: 'base' } }
    expect(getNetworkImageUrl({ network, ...host })).toBe('https://cdn.test/base.png')
  })

  it('resolves an imageId through frame-host, with the query its other routes take', () => {
    expect(getNetworkImageUrl({ network: { assets: { imageId: 'a1/b 2' } }, ...host })).toBe(
      `http://127.0.0.1:8787/public/getAssetImage/a1%2Fb%202?projectId=demo&st=appkit&sv=oriel-react-${version}`,
    )
  })

  it('has nothing for a network without assets', () => {
    expect(getNetworkImageUrl({ network: {}, ...host })).toBeUndefined()
    expect(getNetworkImageUrl({ network: { assets: { imageUrl: '', imageId: '' } }, ...host })).toBeUndefined()
  })
})
