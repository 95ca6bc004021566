//! Secret settings from the environment (issue 39 part 2): each secret a config file can hold
//! can come instead from an environment variable, or from a file a `…_FILE` variable names (the
//! way container platforms and systemd's `LoadCredential=` mount secrets), so the TOML file
//! holds no secret. The variable wins over the file's value; a `…_FILE` naming no readable
//! file stops the start with the variable's name.
//!
//! | secret | variable |
//! |---|---|
//! | `admin_token` | `ORIEL_ADMIN_TOKEN` |
//! | `[mail] url` (its password) | `ORIEL_SMTP_URL` |
//! | `[social.{provider}] client_secret` | `ORIEL_SOCIAL_{PROVIDER}_CLIENT_SECRET` |
//! | `[[onramp_providers]] key_secret` | `ORIEL_ONRAMP_{ID}_KEY_SECRET` |
//! | `[[networks]] bundler_url` (its API key) | `ORIEL_BUNDLER_URL_{CHAIN_ID}` |
//!
//! `{PROVIDER}`, `{ID}` and `{CHAIN_ID}` are upper case with every other character than a
//! letter or digit as `_` (`eip155:8453` is `EIP155_8453`).

use std::path::PathBuf;

use crate::error::{Error, Result};

/// The value of secret variable `name`: the variable itself, else the file `name_FILE` names
/// (one trailing newline dropped), else `None`.
fn secret(env: &impl Fn(&str) -> Option<String>, name: &str) -> Result<Option<String>> {
    if let Some(value) = env(name) {
        return Ok(Some(value));
    }
    let file_var = format!("{name}_FILE");
    let Some(path) = env(&file_var) else {
        return Ok(None);
    };
    let path = PathBuf::from(path);
    let text = std::fs::read_to_string(&path).map_err(|source| Error::SecretFile {
        variable: file_var,
        path,
        source,
    })?;
    let text = text.strip_suffix('\n').unwrap_or(&text);
    Ok(Some(text.strip_suffix('\r').unwrap_or(text).to_owned()))
}

/// `ORIEL_…_{PART}` for a name part: upper case, other characters than letters and digits `_`.
fn var_part(part: &str) -> String {
    part.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect()
}

/// Sets `table[key]` to the secret of variable `name`, when it has one.
fn put(
    env: &impl Fn(&str) -> Option<String>,
    table: &mut toml::Table,
    key: &str,
    name: &str,
) -> Result<()> {
    if let Some(value) = secret(env, name)? {
        table.insert(key.into(), toml::Value::String(value));
    }
    Ok(())
}

/// Puts the secrets the environment holds into the combined config `table`, before it is read.
pub(super) fn apply(table: &mut toml::Table, env: &impl Fn(&str) -> Option<String>) -> Result<()> {
    put(env, table, "admin_token", "ORIEL_ADMIN_TOKEN")?;
    if let Some(value) = secret(env, "ORIEL_SMTP_URL")? {
        let mail = table
            .entry("mail")
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        if let toml::Value::Table(mail) = mail {
            mail.insert("url".into(), toml::Value::String(value));
        }
    }
    if let Some(toml::Value::Table(social)) = table.get_mut("social") {
        for (provider, client) in social.iter_mut() {
            if let toml::Value::Table(client) = client {
                let name = format!("ORIEL_SOCIAL_{}_CLIENT_SECRET", var_part(provider));
                put(env, client, "client_secret", &name)?;
            }
        }
    }
    if let Some(toml::Value::Array(providers)) = table.get_mut("onramp_providers") {
        for provider in providers.iter_mut().filter_map(toml::Value::as_table_mut) {
            let Some(id) = provider.get("id").and_then(toml::Value::as_str) else {
                continue;
            };
            let name = format!("ORIEL_ONRAMP_{}_KEY_SECRET", var_part(id));
            put(env, provider, "key_secret", &name)?;
        }
    }
    if let Some(toml::Value::Array(networks)) = table.get_mut("networks") {
        for network in networks.iter_mut().filter_map(toml::Value::as_table_mut) {
            let Some(chain) = network.get("chain_id").and_then(toml::Value::as_str) else {
                continue;
            };
            let name = format!("ORIEL_BUNDLER_URL_{}", var_part(chain));
            put(env, network, "bundler_url", &name)?;
        }
    }
    Ok(())
}

/// `url` as an error or log may show it: its scheme, host and port, without the user, the
/// password, the path or the query, where an API key may sit.
pub(crate) fn shown_url(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(u) => format!(
            "{}://{}{}/…",
            u.scheme(),
            u.host_str().unwrap_or(""),
            u.port().map(|p| format!(":{p}")).unwrap_or_default()
        ),
        Err(_) => "(not a URL)".into(),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn env(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let vars: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| ((*k).into(), (*v).into()))
            .collect();
        move |name| vars.get(name).cloned()
    }

    #[test]
    fn each_secret_comes_from_its_variable_or_its_file() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("secret");
        std::fs::write(&file, "from-file\n").unwrap();
        let mut table: toml::Table = toml::from_str(
            r#"
            mail = { kind = "smtp", url = "smtp://in-the-file", from = "a@b.c" }
            [social.google]
            client_id = "id"
            [[onramp_providers]]
            id = "cb-pay"
            key_secret = "in-the-file"
            [[networks]]
            chain_id = "eip155:8453"
            "#,
        )
        .unwrap();
        let env = env(&[
            ("ORIEL_SMTP_URL", "smtps://u:p@mail.example.com"),
            (
                "ORIEL_SOCIAL_GOOGLE_CLIENT_SECRET_FILE",
                file.to_str().unwrap(),
            ),
            ("ORIEL_ONRAMP_CB_PAY_KEY_SECRET", "from-env"),
            (
                "ORIEL_BUNDLER_URL_EIP155_8453",
                "https://bundler.example.com/key",
            ),
        ]);
        apply(&mut table, &env).unwrap();
        assert_eq!(
            table["mail"]["url"].as_str(),
            Some("smtps://u:p@mail.example.com")
        );
        assert_eq!(
            table["social"]["google"]["client_secret"].as_str(),
            Some("from-file")
        );
        assert_eq!(
            table["onramp_providers"][0]["key_secret"].as_str(),
            Some("from-env")
        );
        assert_eq!(
            table["networks"][0]["bundler_url"].as_str(),
            Some("https://bundler.example.com/key")
        );
    }

    #[test]
    fn a_file_variable_without_its_file_is_named() {
        let mut table = toml::Table::new();
        let env = env(&[("ORIEL_SMTP_URL_FILE", "/nonexistent/smtp")]);
        let error = apply(&mut table, &env).unwrap_err().to_string();
        assert!(
            error.starts_with("ORIEL_SMTP_URL_FILE names /nonexistent/smtp"),
            "{error}"
        );
    }

    #[test]
    fn a_shown_url_keeps_no_credentials() {
        assert_eq!(
            shown_url("https://user:pass@bundler.example.com:8443/v1/KEY?apikey=KEY"),
            "https://bundler.example.com:8443/…"
        );
    }
}
