#![doc = include_str!("../README.md")]

mod analytics;
mod api;
mod auth;
mod blockchain;
mod bundler;
mod clock;
mod config;
mod cors;
mod eip191;
mod error;
mod farcaster;
mod frame;
mod headers;
mod health;
mod keys;
mod mail;
mod names;
mod onramp;
mod origin_check;
mod projects;
mod proxy;
mod ratelimit;
mod recovery;
mod registry;
mod secrets;
mod serve;
mod siwx;
mod store;
mod wallet;

use std::{collections::HashMap, sync::Arc};

use axum::{
    http::{header, HeaderValue, Request},
    Router,
};
use oriel_protocol::origin::AllowList;
use tower_http::{
    set_header::SetResponseHeaderLayer,
    trace::{DefaultOnResponse, TraceLayer},
};
use tracing::Level;

pub use auth::JWT_KEY_FILE;
pub use blockchain::{
    devnet::{
        DevnetContracts, DevnetEns, DevnetFarcaster, DevnetFaucet, DevnetNft, DevnetPair,
        DevnetToken, DevnetUniswapV2,
    },
    indexer::Indexers,
    ChainClient, HttpTransport,
};
pub use clock::Clock;
pub use config::{
    Config, EsploraConfig, ExchangeConfig, FarcasterConfig, IndexerConfig, MailConfig, Mode,
    NetworkConfig, OnrampApi, OnrampProviderConfig, ProjectConfig, SocialConfig,
    SocialProviderConfig, TokenAuth, TokenConfig, WalletConnectRegistryConfig, DEFAULT_CONFIG,
    DEFAULT_EXPLORER_URL, DEFAULT_SWAP_NETWORKS, ENTRY_POINT_V07, FARCASTER_CHAIN_ID,
    FARCASTER_ID_REGISTRY, FARCASTER_URL_BASE, MULTI_SEND_CALL_ONLY_V141, SAFE_4337_MODULE_V030,
    SAFE_MODULE_SETUP_V030, SAFE_PROXY_FACTORY_V141, SAFE_SINGLETON_V141,
};
pub use error::{Error, Result};
pub use keys::KEK_FILE;
pub use names::DEFAULT_NAME_SUFFIX;
pub use proxy::{InvalidIpRange, IpRange};
pub use registry::RegistrySyncReport;
pub use serve::{serve, ConnectionLimits};

use crate::{
    api::ApiError,
    auth::{JwtKeys, SocialProviders},
    blockchain::{indexer::HistorySource, BalanceCache, Chains, Exchanges, IdentityCache, Prices},
    keys::Keys,
    mail::Mailer,
    names::GatewaySigner,
    onramp::Onramp,
    registry::{Catalog, Registry},
    store::Store,
};

/// The version reported by `/healthz` and embedded in the frame as `buildId`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Shared state of the handlers: the config, each project's parsed allow-list, the
/// database, the mailer, the keys, the wallet registry, the price source and the clock.
#[derive(Debug, Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    config: Config,
    projects: HashMap<String, AllowList>,
    store: Store,
    mailer: Mailer,
    keys: Keys,
    jwt: JwtKeys,
    registry: Registry,
    prices: Prices,
    chains: Chains,
    /// The HTTP transport the chain clients share (the bundler pass-through posts with it).
    transport: HttpTransport,
    exchanges: Exchanges,
    onramp: Onramp,
    esplora: blockchain::Esplora,
    balances: BalanceCache,
    history: Arc<dyn HistorySource>,
    identities: IdentityCache,
    name_gateway: GatewaySigner,
    devnet: Option<DevnetContracts>,
    social: SocialProviders,
    farcaster: Option<farcaster::Setup>,
    clock: Clock,
}

impl AppState {
    /// Validates `config`, loads and checks the wallet registry and the prices file, creates the data dir, opens
    /// (and migrates) the database and loads the key files, creating them on first start.
    /// Uses the system clock.
    pub async fn new(config: Config) -> Result<Self> {
        Self::with_clock(config, Clock::system()).await
    }

    /// Like [`AppState::new`] with another clock (tests use [`Clock::manual`]).
    pub async fn with_clock(mut config: Config, clock: Clock) -> Result<Self> {
        config.validate()?;
        let devnet = config
            .devnet_contracts
            .as_deref()
            .map(DevnetContracts::load)
            .transpose()?;
        if let (Some(devnet), Some(path)) = (&devnet, &config.devnet_contracts) {
            if !config.networks.iter().any(|n| n.chain_id == devnet.caip2()) {
                return Err(Error::InvalidDevnetContracts {
                    path: path.clone(),
                    reason: format!("chain {} is not one of networks", devnet.caip2()),
                });
            }
            devnet.join_tokens(&mut config.tokens);
            if !config.indexer.iter().any(|i| i.chain_id == devnet.caip2()) {
                config.indexer.push(IndexerConfig::devnet(&devnet.caip2()));
            }
            devnet.join_ens(&mut config.networks);
            devnet.join_account_abstraction(&mut config.networks);
            devnet.join_exchange(&mut config.swap_networks, &mut config.exchanges);
        }
        let farcaster = farcaster::Setup::resolve(&config, devnet.as_ref())?;
        let projects = config
            .projects
            .iter()
            .map(|p| Ok((p.id.clone(), p.allow_list()?)))
            .collect::<Result<_>>()?;
        let registry = Registry::new(
            Catalog::load(config.wallet_registry.as_deref())?,
            config.walletconnect_registry.as_ref(),
        )?;
        let prices = Prices::load(
            config.prices_file.as_deref(),
            config.prices_url.as_deref(),
            &config.networks,
        )?;
        let transport = HttpTransport::new().map_err(Error::HttpClient)?;
        let chains = Chains::new(&config.networks, &transport)?;
        let exchanges = Exchanges::new(&config.exchanges, &chains);
        let onramp = Onramp::new(&config.onramp_providers).map_err(Error::HttpClient)?;
        let esplora = blockchain::Esplora::new(&config.esplora).map_err(Error::HttpClient)?;
        let social = SocialProviders::new().map_err(Error::HttpClient)?;
        create_data_dir(&config.data_dir)?;
        let keys = Keys::load(&config.data_dir)?;
        let name_gateway = GatewaySigner::new(&keys);
        let jwt = JwtKeys::load(
            &config.data_dir,
            &config.public_url,
            config.projects.iter().map(|p| p.id.as_str()),
        )?;
        let store = Store::open(&config.effective_database_url()).await?;
        registry.load_stored(&store).await?;
        let mailer = Mailer::new(&config.mail, store.clone())?;
        let history = blockchain::indexer::built_in(&config.indexer, &store);
        Ok(Self {
            inner: Arc::new(Inner {
                config,
                projects,
                store,
                mailer,
                keys,
                jwt,
                registry,
                prices,
                chains,
                transport,
                exchanges,
                onramp,
                esplora,
                balances: BalanceCache::default(),
                history,
                identities: IdentityCache::default(),
                name_gateway,
                devnet,
                social,
                farcaster,
                clock,
            }),
        })
    }

    /// The config the state was built from.
    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    /// The devnet's contracts (`devnet_contracts`), if configured.
    pub fn devnet(&self) -> Option<&DevnetContracts> {
        self.inner.devnet.as_ref()
    }

    /// The clock every expiry and token time reads.
    pub fn clock(&self) -> &Clock {
        &self.inner.clock
    }

    /// Closes the database connections (the state is unusable afterwards).
    pub async fn close(&self) {
        self.inner.store.close().await;
    }

    /// The allowed origins of project `id`, if it exists.
    pub(crate) fn allow_list(&self, id: &str) -> Option<&AllowList> {
        self.inner.projects.get(id)
    }

    /// Whether any project's allow-list has `origin`.
    pub(crate) fn any_project_allows(&self, origin: &str) -> bool {
        self.inner.projects.values().any(|list| list.allows(origin))
    }

    /// Checks that `id` names a configured project.
    pub(crate) fn check_project(&self, id: &str) -> Result<(), ApiError> {
        if id.is_empty() {
            return Err(ApiError::invalid("missing projectId"));
        }
        if !self.inner.projects.contains_key(id) {
            return Err(ApiError::NotFound("unknown project id"));
        }
        Ok(())
    }

    pub(crate) fn store(&self) -> &Store {
        &self.inner.store
    }

    pub(crate) fn mailer(&self) -> &Mailer {
        &self.inner.mailer
    }

    pub(crate) fn keys(&self) -> &Keys {
        &self.inner.keys
    }

    pub(crate) fn jwt(&self) -> &JwtKeys {
        &self.inner.jwt
    }

    /// The social login providers' client and what it learned from them.
    pub(crate) fn social(&self) -> &SocialProviders {
        &self.inner.social
    }

    /// Sign In With Farcaster as configured (`[farcaster]`), if it is.
    pub(crate) fn farcaster(&self) -> Option<&farcaster::Setup> {
        self.inner.farcaster.as_ref()
    }

    pub(crate) fn registry(&self) -> &Registry {
        &self.inner.registry
    }

    pub(crate) fn prices(&self) -> &Prices {
        &self.inner.prices
    }

    /// The chain RPC client of each configured network.
    pub(crate) fn chains(&self) -> &Chains {
        &self.inner.chains
    }

    /// The HTTP transport the chain clients share, for the bundler pass-through.
    pub(crate) fn transport(&self) -> &HttpTransport {
        &self.inner.transport
    }

    /// The exchange of each swap network.
    pub(crate) fn exchanges(&self) -> &Exchanges {
        &self.inner.exchanges
    }

    /// The on-ramp providers.
    pub(crate) fn onramp(&self) -> &Onramp {
        &self.inner.onramp
    }

    /// The Esplora APIs Bitcoin balances come from.
    pub(crate) fn esplora(&self) -> &blockchain::Esplora {
        &self.inner.esplora
    }

    /// Where history, NFTs and received tokens are read.
    pub(crate) fn history(&self) -> &dyn HistorySource {
        self.inner.history.as_ref()
    }

    /// Starts indexing every `[[indexer]]` network (and, with `devnet_contracts`, the
    /// devnet), each in its own task under a lease in the database shared with other
    /// instances. Stop them with [`Indexers::stop`] before closing the state.
    pub fn start_indexers(&self) -> Result<Indexers> {
        let holder = secrets::id()?;
        Ok(blockchain::indexer::start(
            &self.inner.config.indexer,
            &self.inner.config.exchanges,
            &self.inner.chains,
            &self.inner.store,
            &holder,
        ))
    }

    /// The last block of `chain_id` the indexer has written (from any instance), if any.
    pub async fn indexed_block(&self, chain_id: &str) -> Result<Option<u64>> {
        let cursor = self.inner.store.index_cursor(chain_id).await?;
        Ok(cursor.and_then(|c| u64::try_from(c).ok()))
    }

    /// The balance route's cache.
    pub(crate) fn balance_cache(&self) -> &BalanceCache {
        &self.inner.balances
    }

    /// The identity route's cache.
    pub(crate) fn identity_cache(&self) -> &IdentityCache {
        &self.inner.identities
    }

    /// The key that signs the name gateway's answers.
    pub(crate) fn name_gateway(&self) -> &GatewaySigner {
        &self.inner.name_gateway
    }

    /// Dev mode with `devnet_contracts`: points the devnet's ENS at this frame-host's names
    /// (the suffix's resolver and its gateway; see the README, "Names"), sending the devnet
    /// deployer's transactions when something is not set yet. Whether it sent any.
    pub async fn point_devnet_names(&self) -> Result<bool> {
        names::point_devnet_names(self).await
    }

    /// Now, in Unix milliseconds.
    pub(crate) fn now_ms(&self) -> i64 {
        self.inner.clock.now_ms()
    }

    /// Starts copying the WalletConnect registry in the background when
    /// `walletconnect_registry` is set (see the README, "Wallet registry"): soon after start,
    /// then every `refresh_secs`. `None` when it is unset. The task runs until the runtime
    /// stops (or it is aborted).
    pub fn start_registry_sync(&self) -> Option<tokio::task::JoinHandle<()>> {
        registry::sync::start(self)
    }

    /// Copies the WalletConnect registry now and serves the copy; on failure (unset, already
    /// running, upstream unreachable or unreadable) nothing changes.
    pub async fn sync_wallet_registry(&self) -> Result<RegistrySyncReport> {
        registry::sync::sync_now(self).await
    }

    /// Deletes expired attempts, codes, links, refresh tokens, rate-limit windows and old
    /// analytics events now and then every 10 minutes, for as long as the runtime runs. A failure is logged and retried.
    pub fn start_housekeeping(&self) -> tokio::task::JoinHandle<()> {
        let state = self.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(std::time::Duration::from_secs(600));
            loop {
                every.tick().await;
                match state.store().purge_expired(state.now_ms()).await {
                    Ok(0) => {}
                    Ok(rows) => tracing::info!(rows, "purged expired rows"),
                    Err(error) => tracing::warn!(%error, "purging expired rows failed"),
                }
                match analytics::purge(&state, state.now_ms()).await {
                    Ok(0) => {}
                    Ok(rows) => tracing::info!(rows, "purged old analytics events"),
                    Err(error) => tracing::warn!(%error, "purging analytics events failed"),
                }
            }
        })
    }
}

/// The frame-host HTTP service: `/healthz`, `/projects/v1/origins`, `/frame`,
/// `/frame/assets/*`, the auth API (`/auth/v1/*`), the wallet API (`/wallet/v1*`), the
/// wallet-list service (`/getWallets`, `/getWalletImage/{image_id}`, `/public/get{Asset,Currency,Token}Image/{id}`), the Blockchain API
/// (`/v1/supported-chains`, `/v1/fungible/price`, `/v1/account/{address}/balance`,
/// `/v1/identity/{address}`, the convert API `/v1/convert/*`), the on-ramp
/// (`/v1/onramp/*`, `/v1/generators/onrampurl`), the analytics service
/// (`/getAnalyticsConfig`, `/e`), sign-in with a wallet (`/v1/sessions*`,
/// `/.well-known/jwks.json`), names (`/v1/profile/*`), Sign In With Farcaster (the relay
/// `/v1/channel*` and `/auth/v1/farcaster/*`) and, in dev mode only,
/// `/dev/mailbox`; anything else is 404.
///
/// Serve it with `into_make_service_with_connect_info::<SocketAddr>()` so the per-IP limit
/// sees client addresses.
pub fn app(state: AppState) -> Router {
    let mut router = Router::new()
        .merge(health::router())
        .merge(projects::router())
        .merge(frame::router(&state.config().frame_dir))
        .merge(auth::router())
        .merge(wallet::router())
        .merge(registry::router(&state))
        .merge(blockchain::router(&state))
        .merge(bundler::router())
        .merge(onramp::router(&state))
        .merge(analytics::router(&state))
        .merge(siwx::router(&state))
        .merge(names::router(&state))
        .merge(farcaster::router());
    if state.config().mode == Mode::Dev {
        router = router.merge(mail::dev_router());
    }
    router
        .fallback(not_found)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            origin_check::state_changing,
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(
            TraceLayer::new_for_http()
                // The path only: query strings can hold secrets (approval tokens).
                .make_span_with(|req: &Request<_>| {
                    tracing::info_span!("request", method = %req.method(), path = %req.uri().path())
                })
                .on_response(DefaultOnResponse::new().level(Level::INFO)),
        )
        .with_state(state)
}

/// Creates the data dir (mode 0700) if missing.
fn create_data_dir(path: &std::path::Path) -> Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(path).map_err(|source| Error::DataDir {
        path: path.to_path_buf(),
        source,
    })
}

async fn not_found() -> ApiError {
    ApiError::NotFound("not found")
}
