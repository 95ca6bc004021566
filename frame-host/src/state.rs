//! [`AppState`]: the services the routes use, each built once from its part of the config.
//! A plain aggregate: a route takes the services it needs from it (axum's `FromRef`), and the
//! background tasks (`tasks`) take theirs.

use std::sync::Arc;

use axum::extract::FromRef;

use crate::{
    account::{Account, AccountSettings},
    analytics::Analytics,
    bundler::Bundler,
    chain::{Chains, Esplora, HttpTransport},
    clock::Clock,
    config::{Config, Mode},
    dev::{devnet::DevnetContracts, Devnet},
    error::{Error, Result},
    farcaster::{Farcaster, Setup as FarcasterSetup},
    frame::{FrameNetworks, FramePage, FrameSource},
    indexer::{self, IndexerConfig},
    keys::{self, Fingerprints, Missing},
    limits::Limits,
    login::{Approvals, Login, LoginSettings},
    mail::Mailer,
    names::{EnsRegistry, Names, NamesSettings},
    net::TrustedProxies,
    onramp::Onramp,
    prices::Prices,
    projects::Projects,
    registry::{Catalog, Registry, WalletRegistry},
    rpc_proxy::RpcProxy,
    secrets::AdminToken,
    sessions::Sessions,
    siwx::Siwx,
    social::Social,
    store::Store,
    swap::{Exchanges, Swap},
    wallets::Wallets,
};

/// The services of one frame-host instance. Cheap to clone.
#[derive(Debug, Clone, FromRef)]
pub struct AppState {
    pub(crate) projects: Projects,
    pub(crate) proxies: TrustedProxies,
    pub(crate) store: Store,
    pub(crate) clock: Clock,
    pub(crate) sessions: Sessions,
    pub(crate) login: Login,
    pub(crate) wallets: Wallets,
    pub(crate) social: Social,
    pub(crate) farcaster: Farcaster,
    pub(crate) siwx: Siwx,
    pub(crate) account: Account,
    pub(crate) swap: Swap,
    pub(crate) onramp: Onramp,
    pub(crate) names: Names,
    pub(crate) registry: WalletRegistry,
    pub(crate) analytics: Analytics,
    pub(crate) bundler: Bundler,
    pub(crate) rpc: RpcProxy,
    pub(crate) frame: FramePage,
    pub(crate) devnet: Devnet,
    /// What the indexers (`tasks`) read: each `[[indexer]]` network with its client.
    #[from_ref(skip)]
    pub(crate) indexing: Arc<Indexing>,
    /// Where the frame's built assets are served from.
    #[from_ref(skip)]
    pub(crate) frame_source: FrameSource,
    /// Whether the dev-only routes are served.
    #[from_ref(skip)]
    pub(crate) dev_mode: bool,
    /// Whether `public_url` is https (production answers then carry HSTS).
    #[from_ref(skip)]
    pub(crate) https: bool,
    /// The operator's token of the admin routes, which are served only with one.
    #[from_ref(skip)]
    pub(crate) admin_token: Option<AdminToken>,
    /// The fingerprints of the loaded operator keys, which `keys::check_fingerprints`
    /// compares with the database's.
    #[from_ref(skip)]
    pub(crate) key_fingerprints: Arc<Fingerprints>,
}

/// The indexed networks and the chains and swap routers they are read with.
#[derive(Debug)]
pub(crate) struct Indexing {
    pub(crate) indexers: Vec<IndexerConfig>,
    pub(crate) exchanges: Vec<crate::swap::ExchangeConfig>,
    pub(crate) chains: Chains,
}

impl AppState {
    /// Whether this instance's operator keys are the ones the database records (issue 39):
    /// Err ([`Error::KeyMismatch`]) names the key that differs, or the database could not be
    /// read. For the readiness check: a key rotated elsewhere makes this instance unready
    /// until it is restarted with the new key.
    pub async fn check_keys(&self) -> Result<()> {
        keys::check_fingerprints(&self.store, &self.key_fingerprints).await
    }

    /// Validates `config`, loads and checks the wallet registry and the prices file, creates
    /// the data dir, opens (and migrates) the database and loads the key files, creating them
    /// on first start. Uses the system clock.
    pub async fn new(config: Config) -> Result<Self> {
        Self::with_clock(config, Clock::system()).await
    }

    /// Like [`AppState::new`] with another clock (tests use [`Clock::manual`]).
    pub async fn with_clock(mut config: Config, clock: Clock) -> Result<Self> {
        config.validate()?;
        let devnet = join_devnet(&mut config)?;
        let devnet_farcaster = devnet.as_ref().and_then(|d| {
            let farcaster = d.farcaster.as_ref()?;
            Some((d.caip2(), farcaster.id_registry.clone()))
        });
        let farcaster = FarcasterSetup::resolve(
            config.farcaster.as_ref(),
            &config.networks,
            devnet_farcaster,
        )?;
        let projects = Projects::new(&config.projects, config.public_url.as_str())?;
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
        let esplora = Esplora::new(&config.esplora).map_err(Error::HttpClient)?;
        create_data_dir(&config.data_dir)?;
        crate::metrics::install();
        // Production never creates a key (issue 39); dev mode creates the missing ones.
        let missing = match config.mode {
            Mode::Production => Missing::Refuse,
            Mode::Dev => Missing::Create,
        };
        let loaded = keys::load(&config.data_dir, missing, &keys::source::process_env)?;
        let store = Store::open(&config.effective_database_url()).await?;
        let key_fingerprints = loaded.fingerprints();
        keys::record_or_check(&store, &key_fingerprints, clock.now_ms()).await?;
        let (jwt, siwx_jwt) = keys::token_keys(
            &loaded,
            &store,
            (
                config.public_url.as_str(),
                crate::siwx::token::SESSION_TTL_SECS,
            ),
            config.projects.iter().map(|p| p.id.as_str()),
        )
        .await?;
        let keys = loaded.keys();
        drop(loaded);
        registry.load_stored(&store).await?;
        let mailer = Mailer::new(&config.mail, store.clone())?;
        let limits = Limits::new(store.clone(), clock.clone());
        let sessions = Sessions::new(Arc::new(jwt), store.clone(), clock.clone());
        let onramp = Onramp::new(
            &config.onramp_providers,
            config.onramp_requests_per_ip,
            keys.clone(),
            prices.clone(),
            clock.clone(),
            limits.clone(),
        )
        .map_err(Error::HttpClient)?;
        let account = Account::new(
            AccountSettings {
                networks: config.networks.clone(),
                tokens: config.tokens.clone(),
                indexer: config.indexer.clone(),
                exchanges: config.exchanges.clone(),
            },
            chains.clone(),
            prices,
            esplora,
            indexer::built_in(&config.indexer, &store),
            onramp.clone(),
            clock.clone(),
            limits.clone(),
        );
        let ens = config.networks.iter().find_map(|n| {
            Some(EnsRegistry {
                chain_id: n.chain_id.clone(),
                address: n.ens_registry.as_deref()?.to_ascii_lowercase(),
            })
        });
        let names = Names::new(
            store.clone(),
            clock.clone(),
            chains.clone(),
            &keys,
            NamesSettings {
                suffix: config.name_suffix.clone(),
                public_url: config.public_url.clone(),
                ens,
            },
        );
        let frame_source = FrameSource::new(config.frame_dir.as_deref());
        let approvals = Approvals::new(
            store.clone(),
            clock.clone(),
            keys.clone(),
            mailer.clone(),
            projects.clone(),
            config.public_url.as_str(),
        );
        Ok(Self {
            login: Login::new(
                store.clone(),
                clock.clone(),
                keys.clone(),
                mailer,
                sessions.clone(),
                approvals.clone(),
                LoginSettings {
                    codes_per_ip: config.email_codes_per_ip,
                },
            ),
            wallets: Wallets::new(store.clone(), clock.clone(), keys),
            social: Social::new(
                config.social.clone(),
                store.clone(),
                clock.clone(),
                sessions.clone(),
                projects.clone(),
                config.public_url.as_str(),
                approvals.clone(),
            )
            .map_err(Error::HttpClient)?,
            farcaster: Farcaster::new(
                farcaster,
                store.clone(),
                clock.clone(),
                sessions.clone(),
                projects.clone(),
                chains.clone(),
                approvals,
            ),
            siwx: Siwx::new(
                store.clone(),
                clock.clone(),
                Arc::new(siwx_jwt),
                projects.clone(),
                chains.clone(),
            ),
            account,
            swap: Swap::new(
                exchanges,
                chains.clone(),
                &config.tokens,
                config.public_url.as_str(),
                config.convert_requests_per_ip,
                clock.clone(),
                limits.clone(),
            ),
            onramp,
            names,
            registry: WalletRegistry::new(registry, store.clone(), clock.clone()),
            analytics: Analytics::new(
                store.clone(),
                clock.clone(),
                projects.clone(),
                config.analytics_events_per_ip,
                config.analytics_retention_days,
            ),
            bundler: Bundler::new(
                &config.networks,
                transport,
                limits.clone(),
                chains.clone(),
                store.clone(),
            ),
            rpc: RpcProxy::new(
                &config.networks,
                chains.clone(),
                limits.clone(),
                clock.clone(),
                config.rpc,
            ),
            frame: FramePage::new(
                FrameNetworks {
                    networks: &config.networks,
                    tokens: &config.tokens,
                    exchanges: &config.exchanges,
                    swap_networks: &config.swap_networks,
                },
                config.connect_sources(),
                frame_source.clone(),
                projects.clone(),
            ),
            devnet: Devnet::new(devnet, chains.clone(), limits),
            indexing: Arc::new(Indexing {
                indexers: config.indexer.clone(),
                exchanges: config.exchanges.clone(),
                chains,
            }),
            frame_source,
            dev_mode: config.mode == Mode::Dev,
            https: config.public_url.as_str().starts_with("https://"),
            admin_token: config.admin_token.clone(),
            key_fingerprints: Arc::new(key_fingerprints),
            proxies: TrustedProxies::new(&config.trusted_proxies, config.address_buckets()),
            projects,
            sessions,
            store,
            clock,
        })
    }

    /// The clock every expiry and token time reads.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The last block of `chain_id` the indexer has written (from any instance), if any.
    pub async fn indexed_block(&self, chain_id: &str) -> Result<Option<u64>> {
        let cursor = self.store.index_cursor(chain_id).await?;
        Ok(cursor.and_then(|c| u64::try_from(c).ok()))
    }

    /// Closes the database connections (the state is unusable afterwards).
    pub async fn close(&self) {
        self.store.close().await;
    }
}

/// With `devnet_contracts`: loads the file and joins its tokens, indexer, ENS, smart-account
/// contracts and exchange into `config`.
fn join_devnet(config: &mut Config) -> Result<Option<DevnetContracts>> {
    let Some(path) = config.devnet_contracts.clone() else {
        return Ok(None);
    };
    let devnet = DevnetContracts::load(&path)?;
    if !config.networks.iter().any(|n| n.chain_id == devnet.caip2()) {
        return Err(Error::InvalidDevnetContracts {
            path,
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
    Ok(Some(devnet))
}

/// Creates the data dir (mode 0700) if missing.
pub(crate) fn create_data_dir(path: &std::path::Path) -> Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(path).map_err(|source| Error::DataDir {
        path: path.to_path_buf(),
        source,
    })
}
