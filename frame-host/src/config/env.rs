//! The environment variables that set config keys (the secrets' are `secrets`'s): each
//! replaces its key in the combined table before the config is read, so the type checks name
//! a bad value with the key.

/// Environment variables that override config keys, as (variable, key) pairs.
const ENV_OVERRIDES: [(&str, &str); 11] = [
    ("ORIEL_LISTEN", "listen"),
    ("ORIEL_METRICS_LISTEN", "metrics_listen"),
    ("ORIEL_PUBLIC_URL", "public_url"),
    ("ORIEL_DATA_DIR", "data_dir"),
    ("ORIEL_FRAME_DIR", "frame_dir"),
    ("ORIEL_MODE", "mode"),
    ("DATABASE_URL", "database_url"),
    ("ORIEL_WALLET_REGISTRY", "wallet_registry"),
    ("ORIEL_PRICES_FILE", "prices_file"),
    ("ORIEL_DEVNET_CONTRACTS", "devnet_contracts"),
    ("ORIEL_NAME_SUFFIX", "name_suffix"),
];

/// Puts the environment's settings into the combined config `table`.
pub(super) fn apply(table: &mut toml::Table, env: &impl Fn(&str) -> Option<String>) {
    for (var, key) in ENV_OVERRIDES {
        if let Some(value) = env(var) {
            table.insert(key.into(), toml::Value::String(value));
        }
    }
    // A comma-separated list.
    if let Some(value) = env("ORIEL_TRUSTED_PROXIES") {
        let list = value
            .split(',')
            .map(|r| toml::Value::String(r.trim().into()));
        table.insert("trusted_proxies".into(), toml::Value::Array(list.collect()));
    }
    // The WalletConnect project id joins (or starts) the `walletconnect_registry` table.
    if let Some(value) = env("ORIEL_WALLETCONNECT_PROJECT_ID") {
        let entry = table
            .entry("walletconnect_registry")
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        if let toml::Value::Table(registry) = entry {
            registry.insert("project_id".into(), toml::Value::String(value));
        }
    }
    // A number; anything else is left as text for the type check to name.
    for (var, key) in [
        ("ORIEL_ANALYTICS_EVENTS_PER_IP", "analytics_events_per_ip"),
        ("ORIEL_EMAIL_CODES_PER_IP", "email_codes_per_ip"),
        ("ORIEL_CONNECTIONS_PER_ADDRESS", "connections_per_address"),
        ("ORIEL_CONNECTIONS_MAX", "connections_max"),
        ("ORIEL_IPV6_PREFIX", "ipv6_prefix"),
    ] {
        if let Some(value) = env(var) {
            let number = value
                .parse()
                .map_or(toml::Value::String(value), toml::Value::Integer);
            table.insert(key.into(), number);
        }
    }
    // A switch; anything else is left as text for the type check to name.
    if let Some(value) = env("ORIEL_DEV_ALLOW_PUBLIC") {
        let switch = match value.as_str() {
            "true" | "1" => toml::Value::Boolean(true),
            "false" | "0" => toml::Value::Boolean(false),
            _ => toml::Value::String(value),
        };
        table.insert("dev_allow_public".into(), switch);
    }
}
