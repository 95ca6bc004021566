//! Talking to the providers: their endpoints (configured, or from OpenID discovery, cached),
//! the authorization URL, the code exchange and JSON reads with the access token. One
//! `reqwest` client: no redirects, 10 s per request, answers capped at 1 MiB.

use std::{collections::HashMap, sync::Mutex, time::Duration};

use base64::{engine::general_purpose::STANDARD, Engine};
use jsonwebtoken::jwk::JwkSet;
use oriel_protocol::SocialProvider;
use reqwest::{header, Response};
use serde::{de::DeserializeOwned, Deserialize};
use url::{form_urlencoded, Url};

use super::failure::Failure;
use super::{is_openid, Endpoints, SocialProviderConfig, TokenAuth};

/// The largest answer read from a provider, bytes.
const MAX_ANSWER: usize = 1 << 20;
/// How long one request to a provider may take.
const TIMEOUT: Duration = Duration::from_secs(10);
/// How long a discovery document or key set is kept, milliseconds.
const CACHE_MS: i64 = 60 * 60_000;
/// A key set is fetched again for an unknown key id at most this often, milliseconds.
const JWKS_REFETCH_MS: i64 = 60_000;

/// The HTTP client and what it learned from the providers.
#[derive(Debug)]
pub(crate) struct Providers {
    http: reqwest::Client,
    discovered: Mutex<HashMap<SocialProvider, (i64, Discovery)>>,
    keys: Mutex<HashMap<SocialProvider, (i64, JwkSet)>>,
}

/// The part of an OpenID discovery document frame-host uses.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub(crate) struct Discovery {
    pub(crate) issuer: String,
    pub(crate) authorization_endpoint: String,
    pub(crate) token_endpoint: String,
    pub(crate) jwks_uri: String,
}

/// A provider's endpoints for one login.
#[derive(Debug, Clone)]
pub(crate) struct Resolved {
    pub(crate) provider: SocialProvider,
    pub(crate) endpoints: Endpoints,
    pub(crate) authorization_url: String,
    pub(crate) token_url: String,
    /// OpenID providers: the discovery document.
    pub(crate) discovery: Option<Discovery>,
}

/// A token endpoint's answer.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct Tokens {
    pub(crate) access_token: String,
    #[serde(default)]
    pub(crate) id_token: Option<String>,
}

#[derive(Deserialize)]
struct TokenError {
    error: String,
}

impl Providers {
    pub(crate) fn new() -> Result<Self, reqwest::Error> {
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(TIMEOUT)
            .user_agent(concat!("oriel-frame-host/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(Self {
            http,
            discovered: Mutex::default(),
            keys: Mutex::default(),
        })
    }

    /// The endpoints of `provider` for a login now (`now` in Unix ms).
    pub(crate) async fn resolve(
        &self,
        provider: SocialProvider,
        config: &SocialProviderConfig,
        now: i64,
    ) -> Result<Resolved, Failure> {
        let endpoints = config.endpoints(provider);
        if !is_openid(provider) {
            let missing = || Failure::provider(provider, "its endpoints are not configured");
            return Ok(Resolved {
                provider,
                authorization_url: endpoints.authorization_url.clone().ok_or_else(missing)?,
                token_url: endpoints.token_url.clone().ok_or_else(missing)?,
                endpoints,
                discovery: None,
            });
        }
        let discovery = self.discovery(provider, &endpoints, now).await?;
        Ok(Resolved {
            provider,
            authorization_url: discovery.authorization_endpoint.clone(),
            token_url: discovery.token_endpoint.clone(),
            endpoints,
            discovery: Some(discovery),
        })
    }

    async fn discovery(
        &self,
        provider: SocialProvider,
        endpoints: &Endpoints,
        now: i64,
    ) -> Result<Discovery, Failure> {
        let cached = lock(&self.discovered).get(&provider).cloned();
        if let Some((at, found)) = cached {
            if now - at < CACHE_MS {
                return Ok(found);
            }
        }
        let url = endpoints
            .discovery_url
            .as_deref()
            .ok_or_else(|| Failure::provider(provider, "its discovery URL is not configured"))?;
        let found: Discovery = self.get_json(provider, url, None).await?;
        // OpenID Connect Discovery §4.3: the document is at the issuer's well-known path.
        let expected = format!(
            "{}/.well-known/openid-configuration",
            found.issuer.trim_end_matches('/')
        );
        if expected != url {
            return Err(
                Failure::provider(provider, "its discovery document is not valid")
                    .logged(format!("issuer {:?} does not match {url}", found.issuer)),
            );
        }
        lock(&self.discovered).insert(provider, (now, found.clone()));
        Ok(found)
    }

    /// The provider's signing keys (`refresh`: fetch them again, at most once a minute, for
    /// a key id the cached set lacks).
    pub(crate) async fn keys(
        &self,
        resolved: &Resolved,
        now: i64,
        refresh: bool,
    ) -> Result<JwkSet, Failure> {
        let provider = resolved.provider;
        let cached = lock(&self.keys).get(&provider).cloned();
        if let Some((at, keys)) = cached {
            let max_age = if refresh { JWKS_REFETCH_MS } else { CACHE_MS };
            if now - at < max_age {
                return Ok(keys);
            }
        }
        let url = resolved
            .discovery
            .as_ref()
            .map(|d| d.jwks_uri.clone())
            .ok_or_else(|| Failure::provider(provider, "it has no signing keys"))?;
        let keys: JwkSet = self.get_json(provider, &url, None).await?;
        lock(&self.keys).insert(provider, (now, keys.clone()));
        Ok(keys)
    }

    /// Exchanges `code` at the token endpoint with the PKCE `verifier`.
    pub(crate) async fn exchange(
        &self,
        resolved: &Resolved,
        config: &SocialProviderConfig,
        code: &str,
        redirect_uri: &str,
        verifier: &str,
    ) -> Result<Tokens, Failure> {
        let provider = resolved.provider;
        // The form is built before any await: the serializer is not `Send`.
        let (body, basic) = {
            let mut form = form_urlencoded::Serializer::new(String::new());
            form.append_pair("grant_type", "authorization_code")
                .append_pair("code", code)
                .append_pair("redirect_uri", redirect_uri)
                .append_pair("code_verifier", verifier);
            let mut basic = None;
            match (&config.client_secret, resolved.endpoints.token_auth) {
                (Some(secret), TokenAuth::ClientSecretBasic) => {
                    // RFC 6749 §2.3.1: each part form-encoded, then Basic.
                    let encode =
                        |s: &str| form_urlencoded::byte_serialize(s.as_bytes()).collect::<String>();
                    let pair = format!("{}:{}", encode(&config.client_id), encode(secret));
                    basic = Some(format!("Basic {}", STANDARD.encode(pair)));
                }
                (Some(secret), TokenAuth::ClientSecretPost) => {
                    form.append_pair("client_id", &config.client_id)
                        .append_pair("client_secret", secret);
                }
                (None, _) => {
                    form.append_pair("client_id", &config.client_id);
                }
            }
            (form.finish(), basic)
        };
        let mut request = self
            .http
            .post(&resolved.token_url)
            .header(header::ACCEPT, "application/json")
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
        if let Some(basic) = basic {
            request = request.header(header::AUTHORIZATION, basic);
        }
        let response = request
            .body(body)
            .send()
            .await
            .map_err(|e| unreachable(provider, &e))?;
        let status = response.status();
        let body = read_capped(response)
            .await
            .map_err(|e| Failure::token_exchange(provider, "unreadable answer").logged(e))?;
        // Some providers (GitHub) answer an error with 200.
        if let Ok(TokenError { error }) = serde_json::from_slice::<TokenError>(&body) {
            return Err(Failure::token_exchange(provider, &error)
                .logged(format!("token endpoint answered {status} {error}")));
        }
        if !status.is_success() {
            return Err(Failure::token_exchange(
                provider,
                &format!("HTTP {}", status.as_u16()),
            ));
        }
        serde_json::from_slice(&body).map_err(|e| {
            Failure::token_exchange(provider, "no access token")
                .logged(format!("token answer not understood: {e}"))
        })
    }

    /// GET `url` as JSON, with the access token when given.
    pub(crate) async fn get_json<T: DeserializeOwned>(
        &self,
        provider: SocialProvider,
        url: &str,
        access_token: Option<&str>,
    ) -> Result<T, Failure> {
        let mut request = self
            .http
            .get(url)
            .header(header::ACCEPT, "application/json");
        if let Some(token) = access_token {
            request = request.bearer_auth(token);
        }
        let response = request
            .send()
            .await
            .map_err(|e| unreachable(provider, &e))?;
        let status = response.status();
        let path = Url::parse(url).map_or_else(|_| String::new(), |u| u.path().to_owned());
        if !status.is_success() {
            return Err(
                Failure::provider(provider, "its account data could not be read")
                    .logged(format!("GET {path} answered {status}")),
            );
        }
        let body = read_capped(response).await.map_err(|e| {
            Failure::provider(provider, "its account data could not be read").logged(e)
        })?;
        serde_json::from_slice(&body).map_err(|e| {
            Failure::provider(provider, "its account data could not be read")
                .logged(format!("GET {path}: {e}"))
        })
    }
}

/// A provider that did not answer.
fn unreachable(provider: SocialProvider, error: &reqwest::Error) -> Failure {
    Failure::provider(provider, "it could not be reached").logged(error.without_url_string())
}

trait WithoutUrl {
    fn without_url_string(&self) -> String;
}

impl WithoutUrl for reqwest::Error {
    /// The error without the URL (it may carry a query).
    fn without_url_string(&self) -> String {
        let kind = if self.is_timeout() {
            "timed out"
        } else if self.is_connect() {
            "connection failed"
        } else {
            "request failed"
        };
        let path = self.url().map(|u| u.path().to_owned()).unwrap_or_default();
        format!("{kind}: {path}")
    }
}

async fn read_capped(mut response: Response) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(|e| e.without_url_string())? {
        if bytes.len() + chunk.len() > MAX_ANSWER {
            return Err(format!("answer larger than {MAX_ANSWER} bytes"));
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The authorization URL of a login: the code flow with S256 PKCE, `state`, the OpenID
/// `nonce`, and `response_mode=form_post` where the provider answers that way.
pub(crate) fn authorization_uri(
    resolved: &Resolved,
    client_id: &str,
    redirect_uri: &str,
    state: &str,
    code_challenge: &str,
    nonce: Option<&str>,
) -> Result<String, Failure> {
    let mut url = Url::parse(&resolved.authorization_url).map_err(|e| {
        Failure::provider(resolved.provider, "its authorization URL is not valid")
            .logged(e.to_string())
    })?;
    {
        let mut q = url.query_pairs_mut();
        q.append_pair("response_type", "code")
            .append_pair("client_id", client_id)
            .append_pair("redirect_uri", redirect_uri)
            .append_pair("scope", &resolved.endpoints.scopes.join(" "))
            .append_pair("state", state)
            .append_pair("code_challenge", code_challenge)
            .append_pair("code_challenge_method", "S256");
        if let Some(nonce) = nonce {
            q.append_pair("nonce", nonce);
        }
        if resolved.endpoints.response_mode == crate::social::ResponseMode::FormPost {
            q.append_pair("response_mode", "form_post");
        }
    }
    Ok(url.into())
}
