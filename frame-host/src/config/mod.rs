//! Configuration: built-in defaults, an optional TOML file, then environment variables.
//!
//! The merged TOML table deserializes straight into [`Config`], whose sections are defined next
//! to the services they configure (`chain::NetworkConfig`, `swap::ExchangeConfig`, …): values
//! whose rule stands alone have a type of their own, parsed by serde (`try_from`: [`Mode`], the
//! listen address, [`IpRange`], [`PublicUrl`], [`NameSuffix`]); [`Config::validate`] checks the
//! rules that span keys (a token's network is configured, ids are unique) through each
//! section's own checks, with the value shapes of `types`. No feature module is needed.

mod env;
mod production;
pub(crate) mod secrets;

use std::{
    collections::HashSet,
    fmt,
    net::SocketAddr,
    path::{Path, PathBuf},
    str::FromStr,
};

use oriel_protocol::caip::is_caip2;
use serde::{Deserialize, Deserializer};
use url::Url;

use crate::{
    error::{Error, Result},
    metrics::MetricsListen,
    net::{AddressBuckets, IpRange, DEFAULT_IPV6_PREFIX},
    secrets::AdminToken,
};

use crate::{
    chain::{EsploraConfig, NetworkConfig, TokenConfig},
    farcaster::FarcasterConfig,
    indexer::IndexerConfig,
    mail::MailConfig,
    names::NameSuffix,
    onramp::{validate_providers, OnrampProviderConfig},
    projects::ProjectConfig,
    registry::WalletConnectRegistryConfig,
    rpc_proxy::RpcConfig,
    social::SocialConfig,
    swap::{default_swap_networks, validate_exchanges, ExchangeConfig},
    types::{csp_url, is_evm_address, is_solana_address, rpc_url_origin, PublicUrl},
};

/// The built-in defaults (`config/default.toml`).
pub const DEFAULT_CONFIG: &str = include_str!("../../config/default.toml");

/// Where a config that does not deserialize came from, for [`Error::ConfigParse`].
const COMBINED: &str = "(defaults, ORIEL_CONFIG file and environment combined)";

/// The validated configuration of a frame-host instance.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct Config {
    /// Address to listen on.
    #[serde(deserialize_with = "listen_address")]
    pub listen: SocketAddr,
    /// Where `/metrics` is served (env `ORIEL_METRICS_LISTEN`): an address, or `off`. Unset:
    /// `127.0.0.1:9464` in production, off in dev mode. Never the public `listen` address.
    #[serde(default)]
    pub metrics_listen: Option<MetricsListen>,
    /// The URL users reach frame-host at (`http(s)://host[:port]`, a trailing slash dropped):
    /// the base of emailed links and the JWT issuer. Unset in the files, it is
    /// `http://{listen}` (an unspecified address shown as loopback).
    pub public_url: PublicUrl,
    /// Directory for local state; created at startup.
    pub data_dir: PathBuf,
    /// Development or production (the default: dev mode must be asked for).
    pub mode: Mode,
    /// Dev mode only: whether it may listen on, or be reached at, an address other than this
    /// machine's loopback (env `ORIEL_DEV_ALLOW_PUBLIC`). Off by default, so a dev instance
    /// never shows its mailbox to the network by accident.
    #[serde(default)]
    pub dev_allow_public: bool,
    /// The directory of the built frame (wasm, JS, CSS, `manifest.json`) served under
    /// `/frame/assets/` (env `ORIEL_FRAME_DIR`). Unset: the frame embedded in the binary (a
    /// release build, feature `embed-frame`), else `dist/frame`.
    #[serde(default)]
    pub frame_dir: Option<PathBuf>,
    /// The database URL; `None` means [`Config::effective_database_url`]'s SQLite default.
    pub database_url: Option<String>,
    /// How mail is delivered.
    pub mail: MailConfig,
    /// Extra origins the frame may connect to (CSP `connect-src`) besides the networks' RPC
    /// URLs, such as a WebSocket endpoint.
    pub rpc_hosts: Vec<String>,
    /// The chain networks the embedded wallet can reach, with their JSON-RPC endpoints.
    pub networks: Vec<NetworkConfig>,
    /// The projects whose dapps may embed the frame.
    pub projects: Vec<ProjectConfig>,
    /// The wallet registry file served by `/getWallets`; `None` means the registry shipped
    /// with frame-host (`fixtures/wallets/registry.json`, built in).
    pub wallet_registry: Option<PathBuf>,
    /// The public WalletConnect registry to copy and serve instead of `wallet_registry` (see
    /// [`WalletConnectRegistryConfig`]); `None`: frame-host never calls it.
    #[serde(default)]
    pub walletconnect_registry: Option<WalletConnectRegistryConfig>,
    /// Reverse proxies whose `X-Forwarded-For` is believed when they are the TCP peer (see
    /// [`crate::net`]). Empty: the TCP peer is always the client.
    pub trusted_proxies: Vec<IpRange>,
    /// The price source of `POST /v1/fungible/price`: a JSON file mapping asset ids
    /// (`namespace:reference:address` or CAIP-19) to USD prices, read at startup and again
    /// whenever it changes. `None`: every price is unknown (`null`).
    pub prices_file: Option<PathBuf>,
    /// The tokens whose balances `GET /v1/account/{address}/balance` reads, per network (`eip155`
    /// networks only). An entry without `address` describes the chain's native coin (the
    /// default is Ether, ETH, 18 decimals).
    #[serde(default)]
    pub tokens: Vec<TokenConfig>,
    /// Esplora-compatible APIs (`[[esplora]]`) the balance route reads Bitcoin (`bip122`)
    /// balances from, one per network. A `bip122` network without one has no balances: the
    /// route answers 'Unsupported chainId' and the widget says balances are not available.
    #[serde(default)]
    pub esplora: Vec<EsploraConfig>,
    /// A CoinGecko-compatible price API (`https://api.coingecko.com/api/v3` or a compatible
    /// one), asked for the prices `prices_file` does not have, for the networks whose
    /// `coingecko_platform` (tokens) and `coingecko_native_id` (native coin) are set.
    pub prices_url: Option<String>,
    /// The operator's token for `/admin/v1/…` (a secret: env `ORIEL_ADMIN_TOKEN` or its
    /// `_FILE`; at least 32 characters). Unset (the default): no admin route is served.
    #[serde(default)]
    pub admin_token: Option<AdminToken>,
    /// How many days analytics events (`POST /e`) are kept before the housekeeping job
    /// deletes them.
    #[serde(default = "default_analytics_retention_days")]
    pub analytics_retention_days: u32,
    /// How many analytics events one client IP may send per project per 10 minutes (env
    /// `ORIEL_ANALYTICS_EVENTS_PER_IP`). Raise it where many visitors share one address (a
    /// company NAT, or a test run's browsers on one loopback address).
    #[serde(default = "default_analytics_events_per_ip")]
    pub analytics_events_per_ip: u32,
    /// How many emailed codes (login starts, email changes, export codes, together) one client
    /// IP may ask for per 10 minutes (env `ORIEL_EMAIL_CODES_PER_IP`). Raise it where many
    /// visitors share one address (a company NAT, or a test run's browsers on one loopback
    /// address); the per-email and per-device limits stay as they are.
    #[serde(default = "default_email_codes_per_ip")]
    pub email_codes_per_ip: u32,
    /// How many connections one client address may hold open at once (env
    /// `ORIEL_CONNECTIONS_PER_ADDRESS`); one over it is closed at once. Raise it where many
    /// visitors share one address without a trusted proxy in front (a test run's browsers on
    /// one loopback address); `trusted_proxies` are exempt anyway.
    #[serde(default = "default_connections_per_address")]
    pub connections_per_address: u32,
    /// How many connections frame-host holds open in all (env `ORIEL_CONNECTIONS_MAX`); at
    /// the cap, the connection idle the longest is closed to make room for a new one, and a
    /// new one is refused when none is idle. `0` (the default): three quarters of the
    /// process's open-file limit.
    #[serde(default)]
    pub connections_max: u32,
    /// The prefix length by which IPv6 clients are grouped for every per-address limit (env
    /// `ORIEL_IPV6_PREFIX`, 32 to 128, default 64): one /64 counts as one client, as one IPv4
    /// address does.
    #[serde(default = "default_ipv6_prefix")]
    pub ipv6_prefix: u8,
    /// Dev mode only: the devnet's contracts file (`.data/devnet-contracts.json`, written by
    /// `make demo`), read at startup. Its tokens join `tokens` for its chain, and its chain is
    /// indexed from block 0 unless `indexer` names it.
    pub devnet_contracts: Option<PathBuf>,
    /// The networks frame-host indexes for history and NFTs (`[[indexer]]`, `eip155` only).
    #[serde(default)]
    pub indexer: Vec<IndexerConfig>,
    /// The networks that offer swaps (`eip155` CAIP-2 ids; default the spec's list,
    /// [`DEFAULT_SWAP_NETWORKS`]). A swap network also needs an entry in `exchanges`.
    #[serde(default = "default_swap_networks")]
    pub swap_networks: Vec<String>,
    /// The exchange (router and factory) of each swap network (`[[exchanges]]`); with
    /// `devnet_contracts`, the devnet's Uniswap V2 unless an entry names the devnet.
    #[serde(default)]
    pub exchanges: Vec<ExchangeConfig>,
    /// How many convert API requests (`/v1/convert/*`) one client IP may make per project
    /// per 10 minutes (429 past it).
    #[serde(default = "default_convert_requests_per_ip")]
    pub convert_requests_per_ip: u32,
    /// The card on-ramp providers (`[[onramp_providers]]`, see [`OnrampProviderConfig`]); none
    /// by default: the on-ramp routes then answer the sample options and estimated quotes.
    #[serde(default)]
    pub onramp_providers: Vec<OnrampProviderConfig>,
    /// How many on-ramp requests (`/v1/onramp/*`, `/v1/generators/onrampurl` and the history
    /// route's `onramp`) one client IP may make per project per 10 minutes (429 past it).
    #[serde(default = "default_onramp_requests_per_ip")]
    pub onramp_requests_per_ip: u32,
    /// The chain RPC endpoint's budgets (`[rpc]`).
    #[serde(default)]
    pub rpc: RpcConfig,
    /// The social login providers (`[social.<provider>]`); none by default.
    #[serde(default)]
    pub social: SocialConfig,
    /// The suffix of the names frame-host registers (`{label}.{suffix}`, env
    /// `ORIEL_NAME_SUFFIX`): the operator's own domain under ENS, lowercase labels of letters,
    /// digits and hyphens. Default [`crate::DEFAULT_NAME_SUFFIX`].
    #[serde(default)]
    pub name_suffix: NameSuffix,
    /// Sign In With Farcaster (`[farcaster]`): the relay and the IdRegistry it checks
    /// accounts against; `None` (the default): Farcaster login is off.
    #[serde(default)]
    pub farcaster: Option<FarcasterConfig>,
}

/// Whether frame-host runs for development or production. Production is the default: dev
/// mode (the dev mailbox, loopback endpoints) must be asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(try_from = "String")]
pub enum Mode {
    /// Local development: dev mailbox, relaxed defaults, loopback addresses only.
    Dev,
    /// A real deployment.
    #[default]
    Production,
}

impl Config {
    /// The built-in defaults in dev mode, as `ORIEL_MODE=dev` without a file gives them (the
    /// built-in defaults alone are a dev setup that production mode refuses).
    pub fn dev() -> Self {
        Self::load_with(|name| (name == "ORIEL_MODE").then(|| "dev".to_owned()))
            .expect("the built-in defaults are a valid dev config")
    }

    /// Loads the config from the defaults, the file named by `ORIEL_CONFIG` (if set) and the
    /// environment (`ORIEL_LISTEN`, `ORIEL_DATA_DIR`, `ORIEL_FRAME_DIR`, `ORIEL_MODE`,
    /// `ORIEL_DEV_ALLOW_PUBLIC`, `DATABASE_URL`, `ORIEL_WALLET_REGISTRY`, `ORIEL_PRICES_FILE`, `ORIEL_DEVNET_CONTRACTS`,
    /// `ORIEL_ANALYTICS_EVENTS_PER_IP`, `ORIEL_WALLETCONNECT_PROJECT_ID`, `ORIEL_NAME_SUFFIX`,
    /// `ORIEL_TRUSTED_PROXIES` as a comma-separated list), then validates it.
    pub fn load() -> Result<Self> {
        Self::load_with(|name| std::env::var(name).ok())
    }

    /// Like [`Config::load`], reading variables through `env` instead of the process
    /// environment. Empty values count as unset.
    pub fn load_with(env: impl Fn(&str) -> Option<String>) -> Result<Self> {
        let env = |name: &str| env(name).filter(|v| !v.is_empty());
        let mut table = parse_table(DEFAULT_CONFIG, "built-in defaults")?;
        if let Some(path) = env("ORIEL_CONFIG") {
            let path = PathBuf::from(path);
            let text = std::fs::read_to_string(&path).map_err(|source| Error::ConfigRead {
                path: path.clone(),
                source,
            })?;
            let file = parse_table(&text, &format!("file {}", path.display()))?;
            // Top-level keys replace the defaults whole, so a `projects` list replaces the
            // default projects rather than adding to them.
            table.extend(file);
        }
        env::apply(&mut table, &env);
        secrets::apply(&mut table, &env)?;
        let unset = table
            .get("public_url")
            .is_none_or(|url| url.as_str() == Some(""));
        let listen = table.get("listen").and_then(toml::Value::as_str);
        if let (true, Some(listen)) = (unset, listen.and_then(|l| l.parse().ok())) {
            let url = PublicUrl::from_listen(listen);
            table.insert("public_url".into(), toml::Value::String(url.to_string()));
        }
        let config: Self = table.try_into().map_err(deserialize_error)?;
        config.validate()?;
        Ok(config)
    }

    /// Like [`Config::load`], leaving out the mode's own rules (production's refusals, dev
    /// mode's loopback rule), so `check-config` can list them all: the settings as read, in
    /// dev mode.
    pub fn load_settings() -> Result<Self> {
        Self::load_with(|name| match name {
            "ORIEL_MODE" => Some("dev".to_owned()),
            "ORIEL_DEV_ALLOW_PUBLIC" => Some("true".to_owned()),
            _ => std::env::var(name).ok(),
        })
    }

    /// Checks the rules a config value must follow beyond its type's: an SMTP URL and sender that parse; every RPC host usable as a CSP source; every
    /// network a unique CAIP-2 id with at least one http(s) RPC URL; at least one project;
    /// project ids non-empty and unique; every project with at least one allowed origin, each
    /// a valid pattern.
    pub fn validate(&self) -> Result<()> {
        if let MailConfig::Smtp { url, from } = &self.mail {
            if !Url::parse(url).is_ok_and(|u| matches!(u.scheme(), "smtp" | "smtps")) {
                return Err(Error::InvalidMailConfig(
                    "url must start with smtp:// or smtps://".into(),
                ));
            }
            if from.parse::<lettre::message::Mailbox>().is_err() {
                return Err(Error::InvalidMailConfig(format!(
                    "from {from:?} is not an email address"
                )));
            }
        }
        for host in &self.rpc_hosts {
            if csp_url(host, &["http", "https", "ws", "wss"]).is_none() {
                return Err(Error::InvalidRpcHost(host.clone()));
            }
        }
        let mut chain_ids = HashSet::new();
        for network in &self.networks {
            network.validate()?;
            if !chain_ids.insert(network.chain_id.as_str()) {
                return Err(Error::DuplicateNetwork(network.chain_id.clone()));
            }
        }
        let mut esplora_chains = HashSet::new();
        for esplora in &self.esplora {
            let invalid = |reason: &str| Error::InvalidNetwork {
                chain_id: esplora.chain_id.clone(),
                reason: reason.into(),
            };
            if !esplora.chain_id.starts_with("bip122:") || !is_caip2(&esplora.chain_id) {
                return Err(invalid("an esplora entry is for a bip122 network"));
            }
            if rpc_url_origin(&esplora.url).is_none() || esplora.url.ends_with('/') {
                return Err(invalid(
                    "the esplora url must be http(s):// without a trailing slash",
                ));
            }
            if !esplora_chains.insert(esplora.chain_id.as_str()) {
                return Err(invalid("the network has two esplora entries"));
            }
        }
        let mut tokens = HashSet::new();
        for token in &self.tokens {
            let invalid = |reason: &str| Error::InvalidToken {
                chain_id: token.chain_id.clone(),
                symbol: token.symbol.clone(),
                reason: reason.into(),
            };
            let solana = token.chain_id.starts_with("solana:");
            if !(token.chain_id.starts_with("eip155:") || solana)
                || !chain_ids.contains(token.chain_id.as_str())
            {
                return Err(invalid(
                    "chain_id is not a configured eip155 or solana network",
                ));
            }
            if token.decimals > 77 {
                return Err(invalid("decimals above 77"));
            }
            let address = if solana {
                token.address.clone()
            } else {
                token.address.as_deref().map(str::to_ascii_lowercase)
            };
            if solana {
                if address.as_deref().is_some_and(|a| !is_solana_address(a)) {
                    return Err(invalid("address is not a base58 Solana mint address"));
                }
            } else if address.as_deref().is_some_and(|a| !is_evm_address(a)) {
                return Err(invalid("address is not 0x and 40 hex digits"));
            }
            if !tokens.insert((token.chain_id.as_str(), address)) {
                return Err(invalid("listed twice"));
            }
        }
        let mut indexed = HashSet::new();
        for indexer in &self.indexer {
            indexer.validate(&chain_ids)?;
            if !indexed.insert(indexer.chain_id.as_str()) {
                return Err(Error::InvalidIndexer {
                    chain_id: indexer.chain_id.clone(),
                    reason: "listed twice".into(),
                });
            }
        }
        validate_exchanges(&self.swap_networks, &self.exchanges, &chain_ids)?;
        validate_providers(&self.onramp_providers, self.onramp_requests_per_ip)?;
        if self.email_codes_per_ip == 0 {
            return Err(Error::InvalidValue(
                "email_codes_per_ip must be at least 1".into(),
            ));
        }
        self.rpc.validate()?;
        if self.connections_per_address == 0 {
            return Err(Error::InvalidValue(
                "connections_per_address must be at least 1".into(),
            ));
        }
        if !(32..=128).contains(&self.ipv6_prefix) {
            return Err(Error::InvalidValue(format!(
                "ipv6_prefix must be 32 to 128, not {}",
                self.ipv6_prefix
            )));
        }
        if self.convert_requests_per_ip == 0 {
            return Err(Error::InvalidValue(
                "convert_requests_per_ip must be at least 1".into(),
            ));
        }
        if let Some(url) = &self.prices_url {
            if csp_url(url, &["http", "https"]).is_none_or(|u| u.query().is_some()) {
                return Err(Error::InvalidPricesUrl(url.clone()));
            }
        }
        if let Some(registry) = &self.walletconnect_registry {
            registry.validate()?;
        }
        self.social.validate()?;
        if let Some(farcaster) = &self.farcaster {
            farcaster.validate()?;
        }
        if self.projects.is_empty() {
            return Err(Error::NoProjects);
        }
        let mut ids = HashSet::new();
        for project in &self.projects {
            project.allow_list()?;
            if !ids.insert(project.id.as_str()) {
                return Err(Error::DuplicateProjectId(project.id.clone()));
            }
        }
        match self.mode {
            Mode::Production => self.check_production()?,
            Mode::Dev => self.check_dev()?,
        }
        Ok(())
    }

    /// The frame page's `connect-src` sources besides `'self'`: each network RPC URL's
    /// origin, then `rpc_hosts`, without repeats.
    pub fn connect_sources(&self) -> Vec<String> {
        let mut sources: Vec<String> = Vec::new();
        let origins = self
            .networks
            .iter()
            .flat_map(|n| &n.rpc_urls)
            .filter_map(|url| rpc_url_origin(url));
        for source in origins.chain(self.rpc_hosts.iter().cloned()) {
            if !sources.contains(&source) {
                sources.push(source);
            }
        }
        sources
    }

    /// How per-address limits group client addresses (`ipv6_prefix`).
    pub fn address_buckets(&self) -> AddressBuckets {
        AddressBuckets::new(self.ipv6_prefix)
    }

    /// The database URL to use: `database_url` if set, else `sqlite://{data_dir}/oriel.sqlite`.
    pub fn effective_database_url(&self) -> String {
        match &self.database_url {
            Some(url) => url.clone(),
            None => format!(
                "sqlite://{}",
                Path::new(&self.data_dir).join("oriel.sqlite").display()
            ),
        }
    }
}

impl FromStr for Mode {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        match s {
            "dev" => Ok(Self::Dev),
            "production" => Ok(Self::Production),
            other => Err(Error::InvalidMode(other.into())),
        }
    }
}

impl TryFrom<String> for Mode {
    type Error = Error;

    fn try_from(s: String) -> Result<Self> {
        s.parse()
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Dev => "dev",
            Self::Production => "production",
        })
    }
}

/// The default of `email_codes_per_ip`: a household or office asking for codes now and then.
fn default_email_codes_per_ip() -> u32 {
    20
}

/// The default of `connections_per_address`: a browser opens a handful per origin, even with
/// several tabs of a dapp; a few hundred idle sockets from one address would not get in.
fn default_connections_per_address() -> u32 {
    64
}

/// The default of `ipv6_prefix`.
fn default_ipv6_prefix() -> u8 {
    DEFAULT_IPV6_PREFIX
}

/// The default of `analytics_events_per_ip`: far above what one person's use of the widget sends.
fn default_analytics_events_per_ip() -> u32 {
    120
}

/// The default of `convert_requests_per_ip`: a swap takes a dozen requests, and quotes come at
/// most every 500 ms while the amount is typed.
fn default_convert_requests_per_ip() -> u32 {
    600
}

/// The default of `onramp_requests_per_ip`: a purchase takes a few requests, quotes come at
/// most every 500 ms while the amount is typed, and the widget polls a purchase every 4 s.
fn default_onramp_requests_per_ip() -> u32 {
    300
}

/// The default of `analytics_retention_days`.
fn default_analytics_retention_days() -> u32 {
    30
}

/// `listen` as an `ip:port` socket address.
fn listen_address<'de, D: Deserializer<'de>>(d: D) -> Result<SocketAddr, D::Error> {
    let text = String::deserialize(d)?;
    text.parse()
        .map_err(|_| serde::de::Error::custom(Error::InvalidListen(text)))
}

fn parse_table(text: &str, origin: &str) -> Result<toml::Table> {
    text.parse().map_err(|e| Error::ConfigParse {
        origin: origin.into(),
        source: Box::new(e),
    })
}

/// A value that did not deserialize. Our own rules' messages name the key and the rule, and
/// are the error as they are ([`Error::InvalidValue`]); serde's own (a wrong type, an unknown
/// or missing key) keep the parser's context, the key path ([`Error::ConfigParse`]).
fn deserialize_error(e: toml::de::Error) -> Error {
    const SERDE_MESSAGES: [&str; 7] = [
        "invalid type",
        "invalid value",
        "invalid length",
        "unknown variant",
        "unknown field",
        "missing field",
        "duplicate field",
    ];
    if SERDE_MESSAGES.iter().any(|m| e.message().starts_with(m)) {
        Error::ConfigParse {
            origin: COMBINED.into(),
            source: Box::new(e),
        }
    } else {
        Error::InvalidValue(e.message().to_owned())
    }
}

#[cfg(test)]
mod tests {
    use std::{collections::HashMap, io::Write};

    use super::*;

    /// The config from the environment `vars`, in dev mode unless they name a mode or a file.
    fn load(vars: &[(&str, &str)]) -> Result<Config> {
        let mut vars: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        if !vars.contains_key("ORIEL_MODE") && !vars.contains_key("ORIEL_CONFIG") {
            vars.insert("ORIEL_MODE".into(), "dev".into());
        }
        Config::load_with(|name| vars.get(name).cloned())
    }

    fn file(contents: &str) -> tempfile::NamedTempFile {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        f.write_all(contents.as_bytes()).unwrap();
        f
    }

    /// The config from a file with `contents`, in dev mode unless it names a mode.
    fn load_file(contents: &str) -> Result<Config> {
        let f = file(contents);
        let mut vars = vec![("ORIEL_CONFIG", f.path().to_str().unwrap())];
        if !contents.contains("mode =") {
            vars.push(("ORIEL_MODE", "dev"));
        }
        load(&vars)
    }

    /// Issue 38, M-1: with `ORIEL_MODE` unset, frame-host runs in production mode, which
    /// refuses the built-in dev setup (the dev mailbox first) and says how to ask for dev mode.
    #[test]
    fn production_is_the_default_mode() {
        let none = Config::load_with(|_| None);
        let e = err(none);
        assert!(
            e.starts_with("production mode refuses the development setting mail:"),
            "{e}"
        );
        assert!(e.contains("ORIEL_MODE=dev"), "{e}");
        // An https public_url alone does not bring dev mode back.
        let e = err(Config::load_with(|name| {
            (name == "ORIEL_PUBLIC_URL").then(|| "https://wallet.example.com".to_owned())
        }));
        assert!(e.starts_with("production mode refuses"), "{e}");
        assert_eq!(Config::dev().mode, Mode::Dev);
        let e = err(load(&[("ORIEL_DEV_ALLOW_PUBLIC", "yes")]));
        assert!(e.contains("dev_allow_public"), "{e}");
        let c = load(&[
            ("ORIEL_DEV_ALLOW_PUBLIC", "true"),
            ("ORIEL_LISTEN", "0.0.0.0:8787"),
        ]);
        assert!(c.unwrap().dev_allow_public);
    }

    fn err(result: Result<Config>) -> String {
        result.unwrap_err().to_string()
    }

    #[test]
    fn defaults() {
        let c = load(&[]).unwrap();
        assert_eq!(c, Config::dev());
        assert_eq!(c.listen, "127.0.0.1:8787".parse().unwrap());
        assert_eq!(c.public_url, "http://127.0.0.1:8787");
        assert_eq!(c.data_dir, PathBuf::from(".data"));
        assert_eq!(c.mode, Mode::Dev);
        assert_eq!(c.frame_dir, None, "the embedded frame, else dist/frame");
        assert_eq!(c.database_url, None);
        assert_eq!(c.effective_database_url(), "sqlite://.data/oriel.sqlite");
        assert_eq!(c.mail, MailConfig::DevMailbox);
        assert!(c.rpc_hosts.is_empty());
        assert_eq!(c.wallet_registry, None, "the built-in registry");
        assert_eq!(
            c.networks,
            vec![
                NetworkConfig {
                    chain_id: "eip155:31337".into(),
                    rpc_urls: vec!["http://127.0.0.1:8545".into()],
                    ..NetworkConfig::default()
                },
                NetworkConfig {
                    chain_id: "solana:Ay2AEajzuAs9MiB6D6ug4qGQ4Yzt6NZo".into(),
                    rpc_urls: vec!["http://127.0.0.1:8899".into()],
                    ..NetworkConfig::default()
                }
            ]
        );
        assert_eq!(
            c.connect_sources(),
            ["http://127.0.0.1:8545", "http://127.0.0.1:8899"]
        );
        assert_eq!(
            c.projects,
            vec![ProjectConfig {
                id: "demo".into(),
                name: "Oriel demo".into(),
                allowed_origins: vec!["http://localhost:5173".into()],
                analytics: true,
                siwx: true,
            }]
        );
    }

    #[test]
    fn file_overrides_defaults_and_replaces_projects() {
        let c = load_file(
            r#"
            listen = "0.0.0.0:9000"
            mode = "production"
            database_url = "postgres://db/oriel"
            rpc_hosts = ["https://rpc.example.com", "wss://ws.example.com/v1"]
            public_url = "https://wallet.example.com/"
            mail = { kind = "smtp", url = "smtp://user:secret@mail.example.com:587", from = "Oriel <no-reply@example.com>" }

            [[networks]]
            chain_id = "eip155:1"
            rpc_urls = ["https://rpc.example.com"]

            [[projects]]
            id = "shop"
            name = "Shop"
            allowed_origins = ["https://shop.example.com", "https://*.shop.example.com"]
            "#,
        )
        .unwrap();
        assert_eq!(c.listen, "0.0.0.0:9000".parse().unwrap());
        assert_eq!(
            c.public_url, "https://wallet.example.com",
            "trailing slash dropped"
        );
        assert_eq!(c.mode, Mode::Production);
        assert_eq!(c.data_dir, PathBuf::from(".data"), "kept from defaults");
        assert_eq!(c.effective_database_url(), "postgres://db/oriel");
        assert_eq!(c.rpc_hosts.len(), 2);
        assert!(matches!(c.mail, MailConfig::Smtp { .. }));
        assert!(!format!("{c:?}").contains("secret"), "smtp url is redacted");
        assert_eq!(c.projects.len(), 1);
        assert_eq!(c.projects[0].id, "shop");
    }

    #[test]
    fn analytics_events_per_ip_from_file_or_env_and_rejected_when_not_a_count() {
        assert_eq!(load(&[]).unwrap().analytics_events_per_ip, 120);
        assert_eq!(load(&[]).unwrap().email_codes_per_ip, 20);
        assert_eq!(
            load(&[("ORIEL_EMAIL_CODES_PER_IP", "500")])
                .unwrap()
                .email_codes_per_ip,
            500
        );
        assert!(load_file("email_codes_per_ip = 0").is_err());
        assert_eq!(
            load_file("analytics_events_per_ip = 500")
                .unwrap()
                .analytics_events_per_ip,
            500
        );
        assert_eq!(load(&[]).unwrap().connections_per_address, 64);
        assert_eq!(load(&[]).unwrap().connections_max, 0);
        assert_eq!(
            load(&[("ORIEL_CONNECTIONS_MAX", "500")])
                .unwrap()
                .connections_max,
            500
        );
        assert_eq!(load(&[]).unwrap().ipv6_prefix, 64);
        assert_eq!(
            load(&[("ORIEL_IPV6_PREFIX", "56")]).unwrap().ipv6_prefix,
            56
        );
        for bad in ["31", "129", "wide"] {
            let message = err(load(&[("ORIEL_IPV6_PREFIX", bad)]));
            assert!(message.contains("ipv6_prefix"), "{bad}: {message}");
        }
        let c = load(&[("ORIEL_CONNECTIONS_PER_ADDRESS", "4096")]).unwrap();
        assert_eq!(c.connections_per_address, 4096);
        assert!(load_file("connections_per_address = 0").is_err());
        let c = load(&[("ORIEL_ANALYTICS_EVENTS_PER_IP", "1000000")]).unwrap();
        assert_eq!(c.analytics_events_per_ip, 1_000_000);
        for bad in ["many", "-1", "5000000000"] {
            let message = err(load(&[("ORIEL_ANALYTICS_EVENTS_PER_IP", bad)]));
            assert!(
                message.contains("analytics_events_per_ip"),
                "{bad}: {message}"
            );
        }
    }

    #[test]
    fn trusted_proxies_from_file_or_env_and_rejected_when_malformed() {
        assert!(load(&[]).unwrap().trusted_proxies.is_empty());
        let c = load_file(r#"trusted_proxies = ["10.0.0.0/8", "::1"]"#).unwrap();
        let shown: Vec<String> = c.trusted_proxies.iter().map(|r| r.to_string()).collect();
        assert_eq!(shown, ["10.0.0.0/8", "::1/128"]);
        let c = load(&[("ORIEL_TRUSTED_PROXIES", "127.0.0.1, 172.16.0.0/12")]).unwrap();
        assert_eq!(c.trusted_proxies.len(), 2);
        assert_eq!(
            err(load(&[("ORIEL_TRUSTED_PROXIES", "10.0.0.0/40")])),
            "invalid trusted proxy \"10.0.0.0/40\": expected an IP address or a CIDR range such as 10.0.0.0/8"
        );
    }

    #[test]
    fn file_without_projects_keeps_default_projects() {
        let c = load_file("data_dir = \"/var/lib/oriel\"").unwrap();
        assert_eq!(c.projects, Config::dev().projects);
        assert_eq!(
            c.effective_database_url(),
            "sqlite:///var/lib/oriel/oriel.sqlite"
        );
    }

    #[test]
    fn env_overrides_file_and_defaults() {
        let f = file("listen = \"0.0.0.0:9000\"\nmode = \"production\"");
        let c = load(&[
            ("ORIEL_CONFIG", f.path().to_str().unwrap()),
            ("ORIEL_LISTEN", "127.0.0.1:18999"),
            ("ORIEL_PUBLIC_URL", "https://id.example.com:8443"),
            ("ORIEL_DATA_DIR", "/tmp/fh-data"),
            ("ORIEL_FRAME_DIR", "/srv/frame"),
            ("ORIEL_MODE", "dev"),
            // Dev mode reached at a public URL: the operator says so.
            ("ORIEL_DEV_ALLOW_PUBLIC", "true"),
            ("DATABASE_URL", "sqlite:///tmp/x.sqlite"),
            ("ORIEL_WALLET_REGISTRY", "/srv/wallets.json"),
        ])
        .unwrap();
        assert_eq!(
            c.wallet_registry.as_deref(),
            Some(Path::new("/srv/wallets.json"))
        );
        assert_eq!(c.listen, "127.0.0.1:18999".parse().unwrap());
        assert_eq!(c.public_url, "https://id.example.com:8443");
        assert_eq!(c.data_dir, PathBuf::from("/tmp/fh-data"));
        assert_eq!(c.frame_dir.as_deref(), Some(Path::new("/srv/frame")));
        assert_eq!(c.mode, Mode::Dev);
        assert_eq!(c.effective_database_url(), "sqlite:///tmp/x.sqlite");
    }

    #[test]
    fn empty_env_values_are_unset() {
        assert_eq!(load(&[("ORIEL_LISTEN", "")]).unwrap(), Config::dev());
    }

    #[test]
    fn missing_or_malformed_file() {
        let e = err(load(&[("ORIEL_CONFIG", "/nonexistent/oriel.toml")]));
        assert!(
            e.starts_with("cannot read config file /nonexistent/oriel.toml"),
            "{e}"
        );
        let e = err(load_file("listen = "));
        assert!(e.starts_with("invalid config file "), "{e}");
        let e = err(load_file("lisen = \"127.0.0.1:1\""));
        assert!(e.contains("unknown field `lisen`"), "{e}");
    }

    #[test]
    fn invalid_mode() {
        assert_eq!(
            err(load(&[("ORIEL_MODE", "prod")])),
            "invalid mode \"prod\": expected \"dev\" or \"production\""
        );
    }

    #[test]
    fn invalid_listen() {
        assert_eq!(
            err(load(&[("ORIEL_LISTEN", "localhost")])),
            "invalid listen address \"localhost\": expected ip:port, such as 127.0.0.1:8787"
        );
    }

    #[test]
    fn invalid_origin_names_project_and_pattern() {
        let e = err(load_file(
            r#"
            [[projects]]
            id = "shop"
            name = "Shop"
            allowed_origins = ["https://shop.example.com", "shop.example.com"]
            "#,
        ));
        assert_eq!(
            e,
            "project \"shop\": invalid origin pattern \"shop.example.com\": expected scheme://host[:port]"
        );
    }

    #[test]
    fn empty_project_id() {
        let e = err(load_file(
            "[[projects]]\nid = \"\"\nname = \"x\"\nallowed_origins = [\"https://a.com\"]",
        ));
        assert_eq!(e, "a project has an empty id");
    }

    #[test]
    fn duplicate_project_id() {
        let e = err(load_file(
            r#"
            [[projects]]
            id = "a"
            name = "A"
            allowed_origins = ["https://a.com"]
            [[projects]]
            id = "a"
            name = "A again"
            allowed_origins = ["https://b.com"]
            "#,
        ));
        assert_eq!(e, "duplicate project id \"a\"");
    }

    #[test]
    fn project_without_origins() {
        let e = err(load_file(
            "[[projects]]\nid = \"a\"\nname = \"A\"\nallowed_origins = []",
        ));
        assert_eq!(
            e,
            "project \"a\" has no allowed origins: add at least one to allowed_origins"
        );
    }

    #[test]
    fn no_projects() {
        assert_eq!(
            err(load_file("projects = []")),
            "no projects configured: add at least one [[projects]] entry"
        );
    }

    #[test]
    fn public_url_follows_listen_unless_set() {
        // Dev mode listens on every address only when told so.
        let public = ("ORIEL_DEV_ALLOW_PUBLIC", "true");
        let c = load(&[("ORIEL_LISTEN", "0.0.0.0:9000"), public]).unwrap();
        assert_eq!(c.public_url, "http://127.0.0.1:9000");
        let c = load(&[("ORIEL_LISTEN", "[::]:9000"), public]).unwrap();
        assert_eq!(c.public_url, "http://[::1]:9000");
        let c = load(&[("ORIEL_LISTEN", "127.0.0.1:18787")]).unwrap();
        assert_eq!(c.public_url, "http://127.0.0.1:18787");
    }

    #[test]
    fn invalid_public_url() {
        for bad in [
            "wallet.example.com",
            "ftp://a.com",
            "https://",
            "https://a.com/path",
        ] {
            let e = err(load(&[("ORIEL_PUBLIC_URL", bad)]));
            assert!(e.starts_with("invalid public_url"), "{bad}: {e}");
        }
    }

    #[test]
    fn invalid_smtp_config() {
        let e = err(load_file(
            r#"mail = { kind = "smtp", url = "http://x", from = "a@b.c" }"#,
        ));
        assert_eq!(
            e,
            "invalid mail config: url must start with smtp:// or smtps://"
        );
        let e = err(load_file(
            r#"mail = { kind = "smtp", url = "smtp://x", from = "nobody" }"#,
        ));
        assert_eq!(
            e,
            "invalid mail config: from \"nobody\" is not an email address"
        );
        let e = err(load_file(r#"mail = { kind = "smtp", url = "smtp://x" }"#));
        assert!(e.contains("missing field `from`"), "{e}");
    }

    #[test]
    fn invalid_rpc_host() {
        for bad in [
            "rpc.example.com",
            "ftp://rpc.example.com",
            "https://",
            "https://a.com 'unsafe-inline'",
            "https://a.com;script-src",
        ] {
            let e = err(load_file(&format!("rpc_hosts = [{bad:?}]")));
            assert!(e.starts_with("invalid rpc host"), "{bad}: {e}");
        }
    }

    #[test]
    fn networks_from_a_file() {
        let c = load_file(
            r#"
            rpc_hosts = ["wss://ws.example.com", "https://rpc.example.com"]

            [[networks]]
            chain_id = "eip155:1"
            rpc_urls = ["https://rpc.example.com/v1/?chainId=eip155:1&projectId=p", "https://Backup.Example.com:8443/eth"]

            [[networks]]
            chain_id = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
            rpc_urls = ["https://rpc.example.com/solana"]
            "#,
        )
        .unwrap();
        assert_eq!(
            c.networks.len(),
            2,
            "a file's networks replace the default ones"
        );
        assert_eq!(
            c.networks[1].chain_id,
            "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
        );
        assert_eq!(
            c.connect_sources(),
            [
                "https://rpc.example.com",
                "https://backup.example.com:8443",
                "wss://ws.example.com",
            ],
            "origins only, lowercase, each once"
        );
        let c = load_file("networks = []").unwrap();
        assert!(c.networks.is_empty());
        assert!(c.connect_sources().is_empty());
    }

    #[test]
    fn invalid_networks() {
        let network = |chain_id: &str, urls: &[&str]| {
            err(load_file(&format!(
                "[[networks]]\nchain_id = {chain_id:?}\nrpc_urls = {urls:?}"
            )))
        };
        for bad in [
            "1",
            "eip155",
            "eip155:",
            "EIP155:1",
            "eip155:1:2",
            "e:1",
            "eip155:a b",
        ] {
            assert_eq!(
                network(bad, &["https://rpc.example.com"]),
                format!("invalid network chain_id {bad:?}: expected a CAIP-2 id such as eip155:1"),
            );
        }
        assert_eq!(
            network("eip155:1", &[]),
            "network \"eip155:1\" has no rpc_urls: add at least one http(s) URL"
        );
        for bad in [
            "rpc.example.com",
            "ws://rpc.example.com",
            "https://",
            "https:///v1",
            "https://user:key@rpc.example.com",
            "https://rpc.example.com:port",
            "https://rpc.example.com:123456",
            "https://rpc.example.com/a b",
            "https://rpc.example.com/'unsafe-inline'",
            "https://rpc.example.com;script-src",
            "https://rpc_example.com",
            "https://[]:1",
        ] {
            assert_eq!(
                network("eip155:1", &[bad]),
                format!(
                    "network \"eip155:1\": invalid rpc url {bad:?}: expected an http(s) URL with a host, without credentials, spaces, quotes, commas or semicolons"
                ),
            );
        }
        let e = err(load_file(
            "[[networks]]\nchain_id = \"eip155:1\"\nrpc_urls = [\"https://a.com\"]\n\
             [[networks]]\nchain_id = \"eip155:1\"\nrpc_urls = [\"https://b.com\"]",
        ));
        assert_eq!(e, "duplicate network chain_id \"eip155:1\"");
        let e = err(load_file(
            "[[networks]]\nchain_id = \"eip155:1\"\nrpc_url = []",
        ));
        assert!(e.contains("unknown field `rpc_url`"), "{e}");
        for bad in ["", "Main\\nnet", &"x".repeat(65)] {
            let e = err(load_file(&format!(
                "[[networks]]\nchain_id = \"eip155:1\"\nrpc_urls = [\"https://a.com\"]\nname = \"{bad}\""
            )));
            assert_eq!(
                e,
                "network \"eip155:1\": name must be 1 to 64 characters without control characters"
            );
        }
    }

    #[test]
    fn rpc_url_origins() {
        for (url, origin) in [
            ("http://127.0.0.1:8545", "http://127.0.0.1:8545"),
            (
                "https://RPC.example.com/v1?x=1#f",
                "https://rpc.example.com",
            ),
            ("https://[::1]:8545/", "https://[::1]:8545"),
            ("https://[::1]", "https://[::1]"),
        ] {
            assert_eq!(rpc_url_origin(url).as_deref(), Some(origin), "{url}");
        }
    }
}
