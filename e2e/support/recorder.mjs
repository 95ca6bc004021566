// Records what crosses process boundaries, for the "no key material leaves the frame" test:
// every postMessage payload in every frame (host page and the wallet frame) and every HTTP
// request body.

/** Installed in every frame of the context before any page script runs. */
function installRecorder() {
  const seen = []
  const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  const describe = (data) => {
    try {
      if (data instanceof ArrayBuffer) return hex(new Uint8Array(data))
      if (ArrayBuffer.isView(data)) return hex(new Uint8Array(data.buffer, data.byteOffset, data.byteLength))
      return JSON.stringify(data)
    } catch {
      return String(data)
    }
  }
  const wrap = (proto) => {
    const original = proto.postMessage
    proto.postMessage = function (data, ...rest) {
      seen.push(describe(data))
      return original.call(this, data, ...rest)
    }
  }
  wrap(MessagePort.prototype)
  wrap(Window.prototype)
  Object.defineProperty(window, '__orielRecorded', { value: seen })
}

/** Starts recording in `context`; `collect()` returns everything seen so far, as text. */
export async function record(context) {
  await context.addInitScript(installRecorder)
  const bodies = []
  context.on('request', (request) => {
    const body = request.postData()
    if (body) bodies.push(`${request.method()} ${request.url()} ${body}`)
  })
  return {
    async collect(pages) {
      const messages = []
      for (const page of pages) {
        for (const frame of page.frames()) {
          try {
            messages.push(...(await frame.evaluate(() => window.__orielRecorded ?? [])))
          } catch {
            // a frame that navigated away
          }
        }
      }
      return { messages, bodies }
    },
  }
}
