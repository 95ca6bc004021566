//! The crate's errors: [`Error`], what can go wrong inside frame-host (start-up, storage,
//! upstreams), and [`ApiError`], the refusal a caller is shown. Services answer with either;
//! the HTTP layer turns an [`ApiError`] into its response (`http::error`) and logs an
//! [`Error`] that reaches a caller as 500 without showing it.

use std::{io, net::SocketAddr, path::PathBuf};

use oriel_protocol::origin::OriginError;

/// Everything that can go wrong in frame-host. Unless a variant says otherwise it is not
/// retryable: it is a configuration or environment problem that needs an operator's fix.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The file named by `ORIEL_CONFIG` could not be read.
    #[error("cannot read config file {path}: {source}")]
    ConfigRead {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// A config file (or the built-in defaults) is not valid TOML, or has a key of the wrong
    /// type or an unknown key.
    #[error("invalid config {origin}: {source}")]
    ConfigParse {
        /// Which config: `file PATH` or `built-in defaults`.
        origin: String,
        /// The parser's message.
        #[source]
        source: Box<toml::de::Error>,
    },
    /// `listen` is not an `ip:port` socket address.
    #[error("invalid listen address {0:?}: expected ip:port, such as 127.0.0.1:8787")]
    InvalidListen(String),
    /// Production mode with a development-only setting (see `config::production`).
    #[error(
        "production mode refuses the development setting {setting}: {why} (production is \
         the default mode: a developer's machine asks for dev mode with ORIEL_MODE=dev)"
    )]
    DevSettingInProduction {
        /// The setting and its value, such as `public_url "http://…"`.
        setting: String,
        /// Why it is refused and what to do.
        why: String,
    },
    /// A secret's `…_FILE` variable names a file that cannot be read (`config::secrets`).
    #[error("{variable} names {}, which cannot be read: {source}", path.display())]
    SecretFile {
        /// The `…_FILE` variable.
        variable: String,
        /// The file it names.
        path: std::path::PathBuf,
        /// Why it cannot be read.
        #[source]
        source: std::io::Error,
    },
    /// `check-config` found settings production mode refuses (it listed them).
    #[error("production mode would refuse {0} setting(s) of this config (listed above)")]
    ProductionRefusals(usize),
    /// Dev mode on an address others can reach, without `dev_allow_public` (see
    /// `config::production`).
    #[error(
        "dev mode refuses {setting}: the dev mailbox would show every login code and \
         approval link to anyone who reaches it; use production mode, or set \
         dev_allow_public = true (ORIEL_DEV_ALLOW_PUBLIC=true) if this really is a private network"
    )]
    DevModeOnPublicAddress {
        /// The setting and its value, such as `listen 0.0.0.0:8787`.
        setting: String,
    },
    /// `mode` is neither `dev` nor `production`.
    #[error("invalid mode {0:?}: expected \"dev\" or \"production\"")]
    InvalidMode(String),
    /// An `rpc_hosts` entry cannot be used as a CSP `connect-src` source.
    #[error(
        "invalid rpc host {0:?}: expected an http, https, ws or wss URL without spaces, quotes, commas or semicolons"
    )]
    InvalidRpcHost(String),
    /// A config value breaks its rule: a `trusted_proxies` entry that is not an address or
    /// CIDR range, a bad `mode` or `listen` (their own variants' texts), and so on. The
    /// message names the key.
    #[error("{0}")]
    InvalidValue(String),
    /// A `[[networks]]` entry's `chain_id` is not a CAIP-2 id.
    #[error("invalid network chain_id {0:?}: expected a CAIP-2 id such as eip155:1")]
    InvalidChainId(String),
    /// A `[[networks]]` entry has an empty `rpc_urls` list.
    #[error("network {0:?} has no rpc_urls: add at least one http(s) URL")]
    NoRpcUrls(String),
    /// A network's RPC URL cannot be fetched by the frame or named in its CSP.
    #[error(
        "network {chain_id:?}: invalid rpc url {url:?}: expected an http(s) URL with a host, without credentials, spaces, quotes, commas or semicolons"
    )]
    InvalidRpcUrl {
        /// The network's CAIP-2 id.
        chain_id: String,
        /// The URL.
        url: String,
    },
    /// Two `[[networks]]` entries share a `chain_id`.
    #[error("duplicate network chain_id {0:?}")]
    DuplicateNetwork(String),
    /// No `[[projects]]` entry is configured.
    #[error("no projects configured: add at least one [[projects]] entry")]
    NoProjects,
    /// A project has an empty `id`.
    #[error("a project has an empty id")]
    EmptyProjectId,
    /// Two projects share an `id`.
    #[error("duplicate project id {0:?}")]
    DuplicateProjectId(String),
    /// A project has an empty `allowed_origins` list.
    #[error("project {0:?} has no allowed origins: add at least one to allowed_origins")]
    NoAllowedOrigins(String),
    /// A project's `allowed_origins` entry is not a valid origin pattern.
    #[error("project {project:?}: {source}")]
    InvalidOrigin {
        /// The project id.
        project: String,
        /// The bad pattern, and what is wrong with it.
        #[source]
        source: OriginError,
    },
    /// The `ORIEL_LOG` filter is invalid, or logging could not be set up.
    #[error("cannot set up logging: {0}")]
    Logging(String),
    /// The data directory could not be created.
    #[error("cannot create data dir {path}: {source}")]
    DataDir {
        /// The directory.
        path: PathBuf,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// The listen address could not be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// The server stopped with an I/O error.
    #[error("server error: {0}")]
    Serve(#[source] io::Error),
    /// The `mail` config cannot be used (bad SMTP URL or sender address).
    #[error("invalid mail config: {0}")]
    InvalidMailConfig(String),
    /// The database URL is neither `sqlite:` nor `postgres://`.
    #[error("unsupported database url: expected sqlite:PATH or postgres://...")]
    UnsupportedDatabase,
    /// A database operation failed. Retryable when the database was unreachable or busy.
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    /// A migration could not be applied.
    #[error("database migration {version} ({name}) failed: {source}")]
    Migration {
        /// Its number.
        version: i64,
        /// Its name.
        name: &'static str,
        /// Why.
        #[source]
        source: sqlx::Error,
    },
    /// A key file (KEK or JWT key) could not be read or created.
    #[error("key file {path}: {source}")]
    KeyFileIo {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// A key file has the wrong contents.
    #[error("key file {path}: {reason}")]
    KeyFile {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// An operator key is nowhere (production never creates one), or its variable holds no
    /// key.
    #[error("{0}")]
    KeyMissing(String),
    /// The loaded keys are not the ones the database records (`keys::check_fingerprints`).
    #[error(transparent)]
    KeyMismatch(#[from] KeyMismatch),
    /// A `keys` command cannot do what it was asked.
    #[error("{0}")]
    KeyCommand(String),
    /// A wallet's recovery key cannot be opened with the loaded KEKs.
    #[error("recovery key of user {user_id}: {reason}")]
    RecoveryKeyUnavailable {
        /// The user.
        user_id: String,
        /// Why.
        reason: String,
    },
    /// The operating system's random number generator failed.
    #[error("random number generator failed: {0}")]
    Random(String),
    /// A token could not be signed.
    #[error("cannot sign a token: {0}")]
    Jwt(String),
    /// The wallet registry file named by `wallet_registry` could not be read.
    #[error("cannot read wallet registry {path}: {source}")]
    RegistryRead {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// The wallet registry is not valid JSON of the registry format, or an entry breaks a
    /// rule (bad id, link or CAIP-2 chain id, duplicate id).
    #[error("invalid wallet registry {origin}: {reason}")]
    InvalidRegistry {
        /// Which registry: `file PATH` or `built-in`.
        origin: String,
        /// What is wrong, naming the wallet by position and name.
        reason: String,
    },
    /// `[walletconnect_registry]` breaks a rule; the message names the key.
    #[error("invalid walletconnect_registry: {0}")]
    InvalidWalletConnectRegistry(String),
    /// A `[social.<provider>]` table breaks a rule; the message names the key.
    #[error("invalid social.{provider}: {reason}")]
    InvalidSocial {
        /// The provider (`google`, `github`, …).
        provider: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// A copy of the WalletConnect registry failed (retryable: the last good copy stays in
    /// use and the background task tries again later).
    #[error("wallet registry sync failed: {0}")]
    RegistrySync(String),
    /// `prices_url` is not an `http(s)://` URL without a query.
    #[error(
        "invalid prices_url {0:?}: expected an http(s) URL without credentials or a query, \
         such as https://api.coingecko.com/api/v3"
    )]
    InvalidPricesUrl(String),
    /// A network's optional settings are invalid.
    #[error("network {chain_id:?}: {reason}")]
    InvalidNetwork {
        /// The network.
        chain_id: String,
        /// What is wrong.
        reason: String,
    },
    /// A `[[tokens]]` entry is invalid.
    #[error("invalid token {symbol} on {chain_id}: {reason}")]
    InvalidToken {
        /// Its network.
        chain_id: String,
        /// Its symbol.
        symbol: String,
        /// What is wrong.
        reason: String,
    },
    /// An `[[indexer]]` entry is invalid.
    #[error("invalid indexer of {chain_id}: {reason}")]
    InvalidIndexer {
        /// Its network.
        chain_id: String,
        /// What is wrong.
        reason: String,
    },
    /// An `[[onramp_providers]]` entry is invalid.
    #[error("invalid on-ramp provider {id}: {reason}")]
    InvalidOnrampProvider {
        /// Its id.
        id: String,
        /// What is wrong.
        reason: String,
    },
    /// An `[[exchanges]]` entry is invalid.
    #[error("invalid exchange of {chain_id}: {reason}")]
    InvalidExchange {
        /// Its network.
        chain_id: String,
        /// What is wrong.
        reason: String,
    },
    /// The HTTP client of the chain RPC could not be built (its TLS setup failed).
    #[error("cannot build the chain RPC HTTP client: {0}")]
    HttpClient(#[source] reqwest::Error),
    /// A chain's JSON-RPC endpoints failed or answered something unusable.
    #[error("chain RPC: {0}")]
    Rpc(#[from] oriel_rpc::RpcError),
    /// A chain's JSON-RPC endpoint answered a value that is not what the call returns.
    #[error("chain RPC {method}: unexpected result {result}")]
    RpcResult {
        /// The call.
        method: &'static str,
        /// What it answered.
        result: String,
    },
    /// The prices file named by `prices_file` could not be read.
    #[error("cannot read prices file {path}: {source}")]
    PricesRead {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// The prices file is not a JSON object of asset ids to non-negative numbers.
    #[error("invalid prices file {path}: {reason}")]
    InvalidPrices {
        /// The file.
        path: PathBuf,
        /// What is wrong, naming the entry.
        reason: String,
    },
    /// The devnet contracts file named by `devnet_contracts` could not be read.
    #[error("cannot read devnet contracts file {path}: {source}")]
    DevnetContractsRead {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// The devnet contracts file is not the JSON `devnet/deploy.mjs` writes.
    #[error("invalid devnet contracts file {path}: {reason}")]
    InvalidDevnetContracts {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// A stored wallet no longer reads as one (a field is not base64, or of the wrong size).
    #[error("stored wallet {wallet_id}: unreadable {field}")]
    StoredWallet {
        /// The wallet.
        wallet_id: String,
        /// The field.
        field: String,
    },
    /// A stored sign-in session's message no longer reads as one.
    #[error("stored sign-in session: {0}")]
    StoredSession(String),
    /// A stored name's address or attributes no longer read as such.
    #[error("stored name {name}: unreadable {field}")]
    StoredName {
        /// The name.
        name: String,
        /// The field.
        field: &'static str,
    },
    /// Mail could not be sent. Retryable: the SMTP server may be briefly unavailable.
    #[error("cannot send mail: {0}")]
    Mail(String),
}

/// `Result` with [`Error`] as the default error type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// The error of an HTTP handler: the status and body `{ "error": { "code", "message" } }`
/// ([`HttpErrorBody`]) every frame-host error answers with. Client errors carry a message
/// safe to show (the spec's words where it has some); internal errors are logged and shown
/// only as "internal error".
#[derive(Debug)]
#[non_exhaustive]
pub(crate) enum ApiError {
    /// 400 `invalid_params`.
    InvalidParams(String),
    /// 401 `unauthorized`.
    Unauthorized(&'static str),
    /// 403 `forbidden`.
    Forbidden(&'static str),
    /// 404 `not_found`.
    NotFound(&'static str),
    /// 409 `conflict`.
    Conflict(&'static str),
    /// 423 `code_locked`.
    CodeLocked,
    /// 429 `throttled`, retry after this many milliseconds.
    Throttled(i64),
    /// 500 `internal`: logged, never shown.
    Internal(Error),
    /// 502 `upstream`: a provider frame-host relies on failed; the message says which.
    Upstream(String),
}

impl ApiError {
    /// 400 with a fixed message.
    pub(crate) fn invalid(message: &str) -> Self {
        Self::InvalidParams(message.into())
    }

    /// Seconds left, rounded up, as the throttle message says them.
    pub(crate) fn seconds(ms: i64) -> i64 {
        (ms.max(1) + 999) / 1000
    }
}

impl<E: Into<Error>> From<E> for ApiError {
    fn from(e: E) -> Self {
        Self::Internal(e.into())
    }
}

/// How the loaded keys differ from the recorded ones.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyMismatch {
    /// The instance holds another key than the one recorded.
    #[error(
        "this instance's {what} (fingerprint {loaded}) is not the one the database records \
         ({recorded}): every instance of one database must load the same keys; copy them from \
         a running instance (files, {env} or {env}_FILE) rather than creating new ones"
    )]
    Differs {
        /// Which key.
        what: &'static str,
        /// Its variable.
        env: &'static str,
        /// The loaded key's fingerprint.
        loaded: String,
        /// The recorded one.
        recorded: String,
    },
    /// The instance holds the key a rotation replaced.
    #[error(
        "this instance's {what} (fingerprint {loaded}) was replaced by a rotation: load the new \
         key (fingerprint {recorded}) and keep the old one as the previous key"
    )]
    Replaced {
        /// Which key.
        what: &'static str,
        /// The loaded key's fingerprint.
        loaded: String,
        /// The current one.
        recorded: String,
    },
    /// A KEK rotation is under way and the instance lacks the next KEK.
    #[error(
        "a KEK rotation is under way (next KEK fingerprint {next}) and this instance does not \
         hold the next KEK: load it with ORIEL_KEK_NEXT, ORIEL_KEK_NEXT_FILE or kek.next.bin"
    )]
    LacksNextKek {
        /// The next KEK's fingerprint.
        next: String,
    },
    /// The database records no fingerprint of a key (it was emptied, or never started).
    #[error("the database records no fingerprint of the {what}")]
    NotRecorded {
        /// Which key.
        what: &'static str,
    },
}
