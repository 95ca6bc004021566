//! `[social.<provider>]`: the OAuth 2.0 / OpenID Connect clients of social login, one table
//! per provider the operator enables (google, apple, github, discord, x, facebook). Only
//! `client_id` (and, for a confidential client, `client_secret`) is needed: the endpoints
//! default to the real provider's. A provider without a table is off.

use oriel_protocol::SocialProvider;
use serde::Deserialize;
use url::Url;

use crate::error::{Error, Result};

/// The social login providers the operator enabled.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct SocialConfig {
    /// Google (OpenID Connect).
    pub google: Option<SocialProviderConfig>,
    /// Apple (OpenID Connect; answers by `form_post`).
    pub apple: Option<SocialProviderConfig>,
    /// GitHub (OAuth 2.0: `/user` and `/user/emails`).
    pub github: Option<SocialProviderConfig>,
    /// Discord (OAuth 2.0: `/users/@me`).
    pub discord: Option<SocialProviderConfig>,
    /// X (OAuth 2.0 with PKCE: `/2/users/me`).
    pub x: Option<SocialProviderConfig>,
    /// Facebook (OAuth 2.0: the Graph API's `/me`).
    pub facebook: Option<SocialProviderConfig>,
}

/// How frame-host authenticates at a provider's token endpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TokenAuth {
    /// HTTP Basic with the client id and secret (RFC 6749 §2.3.1).
    ClientSecretBasic,
    /// `client_id` and `client_secret` in the form body.
    ClientSecretPost,
}

/// How the provider sends the user back with the code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum ResponseMode {
    /// A redirect with the code in the query (`GET` callback).
    Query,
    /// A form the browser posts (`POST` callback), as Apple does when asked for the email.
    FormPost,
}

/// One provider's client. Unset endpoints are the real provider's ([`SocialProviderConfig::endpoints`]).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct SocialProviderConfig {
    /// The client id the provider gave the operator.
    pub client_id: String,
    /// The client secret; unset for a public client (PKCE alone). Apple's is a JWT the
    /// operator signs with the team's key (at most 6 months valid).
    #[serde(default)]
    pub client_secret: Option<String>,
    /// OpenID providers (google, apple): the discovery document; its issuer, authorization,
    /// token and JWKS endpoints are used.
    #[serde(default)]
    pub discovery_url: Option<String>,
    /// OAuth 2.0 providers: the authorization endpoint.
    #[serde(default)]
    pub authorization_url: Option<String>,
    /// OAuth 2.0 providers: the token endpoint.
    #[serde(default)]
    pub token_url: Option<String>,
    /// OAuth 2.0 providers: the user endpoint (GitHub `/user`, Discord `/users/@me`, X
    /// `/2/users/me`, Facebook `/me?fields=id,name,email`).
    #[serde(default)]
    pub userinfo_url: Option<String>,
    /// GitHub only: `/user/emails`, for the primary email and whether it is verified.
    #[serde(default)]
    pub emails_url: Option<String>,
    /// The scopes asked for; unset: the provider's default.
    #[serde(default)]
    pub scopes: Option<Vec<String>>,
    /// Token endpoint authentication; unset: the provider's default.
    #[serde(default)]
    pub token_auth: Option<TokenAuth>,
}

/// A provider's endpoints and defaults once its config is merged with the built-in ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Endpoints {
    /// OpenID providers: the discovery document.
    pub(crate) discovery_url: Option<String>,
    /// OAuth 2.0 providers: authorization, token and user endpoints, and GitHub's emails.
    pub(crate) authorization_url: Option<String>,
    pub(crate) token_url: Option<String>,
    pub(crate) userinfo_url: Option<String>,
    pub(crate) emails_url: Option<String>,
    /// The scopes, space-separated in the request.
    pub(crate) scopes: Vec<String>,
    pub(crate) token_auth: TokenAuth,
    pub(crate) response_mode: ResponseMode,
}

/// Whether `provider` is an OpenID provider (its identity comes from an ID token).
pub(crate) fn is_openid(provider: SocialProvider) -> bool {
    matches!(provider, SocialProvider::Google | SocialProvider::Apple)
}

fn owned(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

/// The real provider's endpoints and defaults.
fn defaults(provider: SocialProvider) -> Endpoints {
    let oauth = |auth: &str, token: &str, user: &str, scopes: &[&str], token_auth| Endpoints {
        discovery_url: None,
        authorization_url: Some(auth.into()),
        token_url: Some(token.into()),
        userinfo_url: Some(user.into()),
        emails_url: None,
        scopes: owned(scopes),
        token_auth,
        response_mode: ResponseMode::Query,
    };
    let openid = |discovery: &str, scopes: &[&str], response_mode| Endpoints {
        discovery_url: Some(discovery.into()),
        authorization_url: None,
        token_url: None,
        userinfo_url: None,
        emails_url: None,
        scopes: owned(scopes),
        token_auth: TokenAuth::ClientSecretPost,
        response_mode,
    };
    match provider {
        SocialProvider::Google => openid(
            "https://accounts.google.com/.well-known/openid-configuration",
            &["openid", "email", "profile"],
            ResponseMode::Query,
        ),
        SocialProvider::Apple => openid(
            "https://appleid.apple.com/.well-known/openid-configuration",
            &["openid", "email", "name"],
            ResponseMode::FormPost,
        ),
        SocialProvider::Github => Endpoints {
            emails_url: Some("https://api.github.com/user/emails".into()),
            ..oauth(
                "https://github.com/login/oauth/authorize",
                "https://github.com/login/oauth/access_token",
                "https://api.github.com/user",
                &["read:user", "user:email"],
                TokenAuth::ClientSecretPost,
            )
        },
        SocialProvider::Discord => oauth(
            "https://discord.com/oauth2/authorize",
            "https://discord.com/api/oauth2/token",
            "https://discord.com/api/users/@me",
            &["identify", "email"],
            TokenAuth::ClientSecretPost,
        ),
        SocialProvider::X => oauth(
            "https://x.com/i/oauth2/authorize",
            "https://api.x.com/2/oauth2/token",
            "https://api.x.com/2/users/me",
            &["users.read", "tweet.read"],
            TokenAuth::ClientSecretBasic,
        ),
        SocialProvider::Facebook => oauth(
            "https://www.facebook.com/v21.0/dialog/oauth",
            "https://graph.facebook.com/v21.0/oauth/access_token",
            "https://graph.facebook.com/v21.0/me?fields=id,name,email",
            &["public_profile", "email"],
            TokenAuth::ClientSecretPost,
        ),
    }
}

impl SocialConfig {
    /// The client of `provider`, if the operator enabled it.
    pub fn provider(&self, provider: SocialProvider) -> Option<&SocialProviderConfig> {
        match provider {
            SocialProvider::Google => self.google.as_ref(),
            SocialProvider::Apple => self.apple.as_ref(),
            SocialProvider::Github => self.github.as_ref(),
            SocialProvider::Discord => self.discord.as_ref(),
            SocialProvider::X => self.x.as_ref(),
            SocialProvider::Facebook => self.facebook.as_ref(),
        }
    }

    /// The enabled providers with their clients.
    pub(crate) fn enabled(&self) -> impl Iterator<Item = (SocialProvider, &SocialProviderConfig)> {
        SocialProvider::ALL
            .into_iter()
            .filter_map(|p| self.provider(p).map(|c| (p, c)))
    }

    /// Checks every enabled client (see [`SocialProviderConfig::validate`]).
    pub(crate) fn validate(&self) -> Result<()> {
        self.enabled().try_for_each(|(p, c)| c.validate(p))
    }
}

impl SocialProviderConfig {
    /// A client `client_id` with `secret` and the provider's default endpoints.
    pub fn new(client_id: &str, secret: Option<&str>) -> Self {
        Self {
            client_id: client_id.into(),
            client_secret: secret.map(Into::into),
            discovery_url: None,
            authorization_url: None,
            token_url: None,
            userinfo_url: None,
            emails_url: None,
            scopes: None,
            token_auth: None,
        }
    }

    /// The endpoints of `provider`: the configured ones over the real provider's.
    pub(crate) fn endpoints(&self, provider: SocialProvider) -> Endpoints {
        let d = defaults(provider);
        let pick = |set: &Option<String>, default: Option<String>| set.clone().or(default);
        Endpoints {
            discovery_url: pick(&self.discovery_url, d.discovery_url),
            authorization_url: pick(&self.authorization_url, d.authorization_url),
            token_url: pick(&self.token_url, d.token_url),
            userinfo_url: pick(&self.userinfo_url, d.userinfo_url),
            emails_url: pick(&self.emails_url, d.emails_url),
            scopes: self.scopes.clone().unwrap_or(d.scopes),
            token_auth: self.token_auth.unwrap_or(d.token_auth),
            response_mode: d.response_mode,
        }
    }

    /// The configured URLs of this client, named as in the file.
    pub(crate) fn urls(&self) -> impl Iterator<Item = (&'static str, &str)> {
        [
            ("discovery_url", &self.discovery_url),
            ("authorization_url", &self.authorization_url),
            ("token_url", &self.token_url),
            ("userinfo_url", &self.userinfo_url),
            ("emails_url", &self.emails_url),
        ]
        .into_iter()
        .filter_map(|(name, url)| url.as_deref().map(|u| (name, u)))
    }

    /// The client id and secret are printable ASCII of sane length; every URL is http(s)
    /// without credentials or fragment; only the endpoints `provider` uses are set; scopes
    /// are scope tokens.
    fn validate(&self, provider: SocialProvider) -> Result<()> {
        let invalid = |reason: String| {
            Err(Error::InvalidSocial {
                provider: provider.as_str(),
                reason,
            })
        };
        let printable = |s: &str, max: usize| {
            !s.is_empty() && s.len() <= max && s.bytes().all(|b| b.is_ascii_graphic())
        };
        if !printable(&self.client_id, 256) {
            return invalid("client_id must be 1 to 256 printable ASCII characters".into());
        }
        if self
            .client_secret
            .as_deref()
            .is_some_and(|s| !printable(s, 4096))
        {
            return invalid("client_secret must be 1 to 4096 printable ASCII characters".into());
        }
        for (name, url) in self.urls() {
            if !plain_http_url(url) {
                return invalid(format!(
                    "{name} {url:?} must be an http(s) URL without credentials or fragment"
                ));
            }
        }
        let openid_only = ["discovery_url"];
        let oauth_only = ["authorization_url", "token_url", "userinfo_url"];
        let wrong = if is_openid(provider) {
            &oauth_only[..]
        } else {
            &openid_only[..]
        };
        if let Some((name, _)) = self.urls().find(|(n, _)| wrong.contains(n)) {
            return invalid(format!(
                "{name} does not apply: {} is {}",
                provider.as_str(),
                if is_openid(provider) {
                    "an OpenID provider (set discovery_url)"
                } else {
                    "an OAuth 2.0 provider (set authorization_url, token_url and userinfo_url)"
                }
            ));
        }
        if self.emails_url.is_some() && provider != SocialProvider::Github {
            return invalid("emails_url applies to github only".into());
        }
        if let Some(scopes) = &self.scopes {
            let token = |s: &String| {
                !s.is_empty()
                    && s.bytes()
                        .all(|b| b.is_ascii_graphic() && b != b'"' && b != b'\\')
            };
            if scopes.is_empty() || scopes.len() > 20 || !scopes.iter().all(token) {
                return invalid("scopes must be 1 to 20 scope names without spaces".into());
            }
        }
        Ok(())
    }
}

/// An `http(s)://host…` URL without credentials or fragment.
pub(crate) fn plain_http_url(text: &str) -> bool {
    Url::parse(text).is_ok_and(|u| {
        matches!(u.scheme(), "http" | "https")
            && u.host().is_some()
            && u.username().is_empty()
            && u.password().is_none()
            && u.fragment().is_none()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(provider: SocialProvider, change: impl FnOnce(&mut SocialProviderConfig)) -> String {
        let mut c = SocialProviderConfig::new("client", Some("secret"));
        change(&mut c);
        c.validate(provider).unwrap_err().to_string()
    }

    #[test]
    fn defaults_are_the_real_providers() {
        let c = SocialProviderConfig::new("id", None);
        let g = c.endpoints(SocialProvider::Google);
        assert_eq!(
            g.discovery_url.as_deref(),
            Some("https://accounts.google.com/.well-known/openid-configuration")
        );
        assert_eq!(g.scopes, ["openid", "email", "profile"]);
        let gh = c.endpoints(SocialProvider::Github);
        assert_eq!(
            gh.token_url.as_deref(),
            Some("https://github.com/login/oauth/access_token")
        );
        assert_eq!(
            gh.emails_url.as_deref(),
            Some("https://api.github.com/user/emails")
        );
        assert_eq!(
            c.endpoints(SocialProvider::X).token_auth,
            TokenAuth::ClientSecretBasic
        );
        assert_eq!(
            c.endpoints(SocialProvider::Apple).response_mode,
            ResponseMode::FormPost
        );
        c.validate(SocialProvider::Facebook).unwrap();
    }

    #[test]
    fn each_bad_value_is_named() {
        assert_eq!(
            err(SocialProvider::Google, |c| c.client_id.clear()),
            "invalid social.google: client_id must be 1 to 256 printable ASCII characters"
        );
        assert!(err(SocialProvider::Github, |c| c.token_url =
            Some("ftp://x".into()))
        .contains("token_url \"ftp://x\" must be an http(s) URL"));
        assert!(err(SocialProvider::Google, |c| c.token_url =
            Some("https://x.test/t".into()))
        .contains("token_url does not apply: google is an OpenID provider"));
        assert!(err(SocialProvider::X, |c| c.discovery_url =
            Some("https://x.test/d".into()))
        .contains("discovery_url does not apply"));
        assert!(err(SocialProvider::X, |c| c.emails_url =
            Some("https://x.test/e".into()))
        .contains("emails_url applies to github only"));
        assert!(
            err(SocialProvider::X, |c| c.scopes = Some(vec!["a b".into()]))
                .contains("scopes must be")
        );
        assert!(err(SocialProvider::Github, |c| c.userinfo_url =
            Some("https://u:p@x.test/user".into()))
        .contains("userinfo_url"));
        // Facebook's field list has commas.
        let mut c = SocialProviderConfig::new("client", Some("secret"));
        c.userinfo_url = Some("https://graph.test/me?fields=id,name,email".into());
        c.validate(SocialProvider::Facebook).unwrap();
    }

    fn load(text: &str) -> Result<crate::Config> {
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), text).unwrap();
        let path = file.path().to_str().unwrap().to_owned();
        let names_mode = text.contains("mode =");
        crate::Config::load_with(|name| match name {
            "ORIEL_CONFIG" => Some(path.clone()),
            // Dev mode, unless the file names a mode (the environment would override it).
            "ORIEL_MODE" if !names_mode => Some("dev".to_owned()),
            _ => None,
        })
    }

    #[test]
    fn off_by_default_on_per_table() {
        assert_eq!(load("").unwrap().social, SocialConfig::default());
        let c = load("[social.github]\nclient_id = \"id\"\nclient_secret = \"s\"\ntoken_auth = \"client_secret_basic\"\n")
            .unwrap()
            .social;
        let gh = c.provider(SocialProvider::Github).unwrap();
        assert_eq!(gh.token_auth, Some(TokenAuth::ClientSecretBasic));
        assert_eq!(c.enabled().count(), 1);
        let e = load("[social.myspace]\nclient_id = \"id\"\n").unwrap_err();
        assert!(e.to_string().contains("unknown field `myspace`"), "{e}");
    }

    #[test]
    fn production_refuses_plain_http_and_loopback_endpoints() {
        let base = "mode = \"production\"\npublic_url = \"https://wallet.example\"\n\
                    mail = { kind = \"smtp\", url = \"smtp://mail.example\", from = \"W <w@wallet.example>\" }\n\
                    [[networks]]\nchain_id = \"eip155:1\"\nrpc_urls = [\"https://rpc.example\"]\n\
                    [[projects]]\nid = \"p\"\nname = \"P\"\nallowed_origins = [\"https://app.example\"]\n";
        load(&format!("{base}[social.google]\nclient_id = \"id\"\n")).unwrap();
        let e = load(&format!(
            "{base}[social.google]\nclient_id = \"id\"\ndiscovery_url = \"http://127.0.0.1:8700/google/.well-known/openid-configuration\"\n"
        ))
        .unwrap_err()
        .to_string();
        assert!(e.contains("social.google discovery_url"), "{e}");
    }
}
