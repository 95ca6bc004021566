/**
 * Every modal view (spec §2), plus the email steps of the embedded wallet (login and update), the
 * network list, the recovery phrase, the storage access request, the help view, Receive, Send and
 * Buy (the on-ramp panel).
 */
export const VIEWS = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingWalletConnectBasic',
  'ConnectingWalletConnect',
  'ConnectingExternal',
  'ConnectingSiwe',
  'ConnectingFarcaster',
  'SIWXSignMessage',
  'UnsupportedChain',
  'ApproveTransaction',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'Swap',
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'UpdateEmail',
  'Networks',
  'ExportWallet',
  'StorageAccess',
  'WhatIsAWallet',
  'Receive',
  'Send',
  'Buy',
] as const

export type ViewName = (typeof VIEWS)[number]

/** Whether `value` names a modal view (dapps in plain JavaScript can pass anything). */
export function isViewName(value: unknown): value is ViewName {
  return typeof value === 'string' && (VIEWS as readonly string[]).includes(value)
}

/** Extra data a view is opened with (e.g. the wallet being connected). */
export type RouterData = Readonly<Record<string, unknown>>

/** One entry of the router history. */
export interface RouterEntry {
  readonly view: ViewName
  readonly data?: RouterData | undefined
}

/** Header title of each view. */
export const VIEW_TITLES: Readonly<Record<ViewName, string>> = {
  Connect: 'Connect Wallet',
  Account: 'Account',
  AllWallets: 'All Wallets',
  ConnectingWalletConnectBasic: 'WalletConnect',
  ConnectingWalletConnect: 'WalletConnect',
  ConnectingExternal: 'Connecting',
  ConnectingSiwe: 'Sign In',
  ConnectingFarcaster: 'Farcaster',
  SIWXSignMessage: 'Sign In',
  UnsupportedChain: 'Switch Network',
  ApproveTransaction: 'Approve Transaction',
  RegisterAccountName: 'Choose Name',
  RegisterAccountNameSuccess: 'Name Registered',
  Swap: 'Swap',
  EmailVerifyOtp: 'Confirm Email',
  EmailVerifyDevice: 'Register Device',
  UpdateEmail: 'Update Email',
  Networks: 'Choose Network',
  ExportWallet: 'Recovery Phrase',
  StorageAccess: 'Stay Logged In',
  WhatIsAWallet: 'What is a Wallet?',
  Receive: 'Receive',
  Send: 'Send',
  Buy: 'Buy',
}

/**
 * The header title of a router entry: a connecting view shows the wallet's name, an approval
 * the kind of request (its `title`, set by the embedded wallet's approvals).
 */
export function getViewTitle(entry: RouterEntry): string {
  const title = entry.data?.['title']
  if (entry.view === 'ApproveTransaction' && typeof title === 'string' && title) return title
  const name = entry.data?.['name']
  const named = entry.view === 'ConnectingExternal' || entry.view === 'ConnectingWalletConnect'
  if (named && typeof name === 'string' && name) return name
  return VIEW_TITLES[entry.view]
}
