// The social login callback page's script (frame-host, /auth/v1/social/callback.js; the page
// allows no inline script). It reads the page's data block and posts:
// - the result (or why the login failed) to every window on frame-host's origin inside the
//   popup's opener: the wallet frame the dapp embeds. Target origin: frame-host's own, so no
//   other window can read the one-time result;
// - a notice without any secret to the opener itself (the dapp's page), target origin the
//   one the frame named when it started the login. Never '*'.
// Then the popup closes itself. Without an opener (it was closed, or a provider's
// Cross-Origin-Opener-Policy cut it off) the page stays and says what happened.
;(() => {
  const block = document.getElementById('oriel-social-result')
  if (!block) return
  const data = JSON.parse(block.textContent)
  const opener = window.opener
  if (!opener) return
  // Cross-origin windows expose `length` and indexed child windows; postMessage to one whose
  // origin is not the target origin is dropped by the browser.
  const postToFrames = (win, depth) => {
    for (let i = 0; i < win.length; i++) {
      const child = win[i]
      child.postMessage(data.toFrame, data.frameOrigin)
      if (depth < 3) postToFrames(child, depth + 1)
    }
  }
  postToFrames(opener, 1)
  opener.postMessage(data.toOpener, data.openerOrigin)
  window.close()
})()
