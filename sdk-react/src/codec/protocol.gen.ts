// Generated from the oriel-protocol crate by protocol/tests/typescript.rs. Do not edit.

export type Envelope = { 
/**
 * The protocol version the body is encoded in.
 */
version: number, 
/**
 * Matches a reply to its request. Events use 0.
 */
id: number, 
/**
 * The message.
 */
body: Body, };

export type Body = { "Request": Request } | { "Reply": Reply } | { "Error": ErrorReply } | { "Event": FrameEvent };

export type Request = { "SwitchNetwork": { 
/**
 * The network, such as `eip155:8453`.
 */
chainId: string, } } | { "ConnectEmail": { 
/**
 * The address to log in with.
 */
email: string, } } | "ConnectDevice" | { "ConnectOtp": { 
/**
 * The 6-digit code.
 */
otp: string, 
/**
 * The network to report the user on (made active), when not the current one.
 */
chainId: string | null, 
/**
 * The account type to keep for that network's family, as in `GetUser`.
 */
preferredAccountType: AccountType | null, } } | { "ConnectSocial": { 
/**
 * The URI `GetSocialRedirectUri` answered, which names the login.
 */
uri: string, } } | "ConnectFarcaster" | "GetFarcasterUri" | { "GetUser": { 
/**
 * The network to report the user on, when not the current one.
 */
chainId: string | null, 
/**
 * The account type to make active.
 */
preferredAccountType: AccountType | null, } } | { "GetSocialRedirectUri": { 
/**
 * Which provider.
 */
provider: SocialProvider, } } | "SignOut" | "IsConnected" | "GetChainId" | "GetSmartAccountEnabledNetworks" | "InitSmartAccount" | { "SetPreferredAccount": { 
/**
 * The account type.
 */
accountType: AccountType, } } | { "RpcRequest": { 
/**
 * The JSON-RPC method.
 */
method: string, 
/**
 * The JSON-RPC params, as JSON text.
 */
params: string, 
/**
 * The network to run it on, when not the active one.
 */
chainId: string | null, } } | "RpcAbort" | { "UpdateEmail": { 
/**
 * The new address.
 */
email: string, } } | { "UpdateEmailPrimaryOtp": { 
/**
 * The 6-digit code.
 */
otp: string, } } | { "UpdateEmailSecondaryOtp": { 
/**
 * The 6-digit code.
 */
otp: string, } } | { "SyncTheme": { 
/**
 * Light or dark.
 */
themeMode: ThemeMode, 
/**
 * The theme variables.
 */
themeVariables: Array<ThemeVariable>, } } | { "SyncDappData": { 
/**
 * The dapp's metadata.
 */
metadata: DappMetadata, 
/**
 * The SDK's version.
 */
sdkVersion: string, 
/**
 * The SDK's type.
 */
sdkType: string, 
/**
 * The site owner's project id.
 */
projectId: string, } } | "Reload" | "StartExport" | { "RevealRecoveryPhrase": { 
/**
 * The 6-digit code.
 */
otp: string, } } | "RequestStorageAccess";

export type Reply = { "SwitchNetwork": { 
/**
 * CAIP-2 id.
 */
chainId: string, } } | { "ConnectEmail": { 
/**
 * The next step.
 */
action: EmailAction, } } | "ConnectDevice" | { "ConnectOtp": User } | { "ConnectSocial": User } | { "ConnectFarcaster": { 
/**
 * The Farcaster username (the fid as `!{fid}` when the account has none).
 */
userName: string, 
/**
 * The account's profile picture URL, when its Farcaster client gave one.
 */
avatar: string | null, } } | { "GetFarcasterUri": { 
/**
 * The URI to show as a QR code.
 */
url: string, } } | { "GetUser": User } | { "GetSocialRedirectUri": { 
/**
 * The provider URL.
 */
uri: string, } } | "SignOut" | { "IsConnected": { 
/**
 * True when logged in.
 */
isConnected: boolean, } } | { "GetChainId": { 
/**
 * CAIP-2 id.
 */
chainId: string, } } | { "GetSmartAccountEnabledNetworks": { 
/**
 * CAIP-2 ids.
 */
networks: Array<string>, } } | { "InitSmartAccount": { 
/**
 * Its address.
 */
address: string, 
/**
 * Whether it is deployed.
 */
isDeployed: boolean, } } | { "SetPreferredAccount": { 
/**
 * The type.
 */
accountType: AccountType, 
/**
 * The active address.
 */
address: string, } } | { "RpcRequest": { 
/**
 * The result, as JSON text.
 */
result: string, } } | "RpcAbort" | { "UpdateEmail": { 
/**
 * The next step.
 */
action: UpdateEmailAction, } } | "UpdateEmailPrimaryOtp" | { "UpdateEmailSecondaryOtp": { 
/**
 * The new login email.
 */
newEmail: string, } } | "SyncTheme" | "SyncDappData" | "Reload" | "StartExport" | "RevealRecoveryPhrase" | { "RequestStorageAccess": { 
/**
 * Whether the frame's storage now outlives the page.
 */
persistent: boolean, } };

export type ErrorReply = { 
/**
 * What kind of failure.
 */
code: ErrorCode, 
/**
 * A message for people, in the spec's words where it has some.
 */
message: string, };

export type ErrorCode = "BadMessage" | "UnsupportedVersion" | "NotConnected" | "InvalidParams" | "NotAllowed" | "Aborted" | "Throttled" | "Unauthorized" | "Unavailable" | { "Rpc": number } | "Internal";

export type FrameEvent = { "Ready": { 
/**
 * Every protocol version the frame speaks, ascending.
 */
versions: Array<number>, 
/**
 * Which frame build is answering.
 */
buildId: string, } } | { "SessionUpdate": { 
/**
 * True when logged in.
 */
isConnected: boolean, 
/**
 * The active network, CAIP-2.
 */
chainId: string, 
/**
 * The active address when logged in.
 */
address: string | null, } } | { "Reveal": { 
/**
 * The envelope id of the request being worked on.
 */
requestId: number, 
/**
 * Why the frame wants to be seen.
 */
purpose: RevealPurpose, } } | { "Storage": { 
/**
 * Whether the frame's storage outlives the page (the session survives a reload).
 */
persistent: boolean, 
/**
 * Whether the browser offers the Storage Access API, so that
 * `Request::RequestStorageAccess` can help.
 */
canRequest: boolean, } };

export type RevealPurpose = "Approval" | "RecoveryPhrase" | "StorageAccess";

export type User = { 
/**
 * The login email, when the user came in by email.
 */
email: string | null, 
/**
 * The active address.
 */
address: string, 
/**
 * The active network, as a CAIP-2 id such as `eip155:1`.
 */
chainId: string, 
/**
 * Every address of the user on the active chain family.
 */
accounts: Array<Account>, 
/**
 * A social or Farcaster user name, when known.
 */
userName: string | null, 
/**
 * Whether the smart account has been deployed.
 */
smartAccountDeployed: boolean, 
/**
 * The account type the user prefers on this chain family.
 */
preferredAccountType: AccountType, };

export type Account = { 
/**
 * The address, in its chain family's usual text form.
 */
address: string, 
/**
 * What kind of account it is.
 */
type: AccountType, };

export type AccountType = "eoa" | "smartAccount" | "payment";

export type EmailAction = "VERIFY_DEVICE" | "VERIFY_OTP" | "CONNECT";

export type UpdateEmailAction = "VERIFY_PRIMARY_OTP" | "VERIFY_SECONDARY_OTP";

export type SocialProvider = "google" | "github" | "apple" | "facebook" | "x" | "discord";

export type ThemeMode = "light" | "dark";

export type ThemeVariable = { 
/**
 * The variable's name.
 */
name: string, 
/**
 * Its CSS value.
 */
value: string, };

export type DappMetadata = { 
/**
 * The dapp's name.
 */
name: string, 
/**
 * One line about the dapp.
 */
description: string, 
/**
 * The dapp's URL.
 */
url: string, 
/**
 * Icon URLs.
 */
icons: Array<string>, };
