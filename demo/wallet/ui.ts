// The demo wallet's page: its status line and its Sign/Reject prompts.

export const $ = <T extends HTMLElement>(selector: string) => document.querySelector(selector) as T

/** Shows `text` as the wallet's status. */
export function status(text: string) {
  $('[data-testid="wallet-status"]').textContent = text
}

/** Shows a prompt with two buttons; resolves `true` when the first one is pressed. */
export function prompt(title: string, body: string, buttons: [string, string]): Promise<boolean> {
  const box = document.createElement('div')
  box.className = 'prompt'
  const heading = document.createElement('h3')
  heading.textContent = title
  const details = document.createElement('pre')
  details.textContent = body
  const row = document.createElement('div')
  row.className = 'row'
  box.append(heading, details, row)
  $('#prompts').append(box)
  return new Promise((resolve) => {
    buttons.forEach((label, index) => {
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = label
      if (index === 1) button.className = 'secondary'
      button.addEventListener('click', () => {
        box.remove()
        resolve(index === 0)
      })
      row.append(button)
    })
  })
}
