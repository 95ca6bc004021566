//! The provider account behind a login: from the ID token (Google, Apple: signature by the
//! provider's published keys, issuer, audience, expiry and nonce checked) or from the
//! provider's user API in its own shape (GitHub, Discord, X, Facebook).

use jsonwebtoken::{jwk::Jwk, Algorithm, DecodingKey, Validation};
use oriel_protocol::SocialProvider;
use serde::Deserialize;
use serde_json::Value;

use super::{
    failure::Failure,
    provider::{Providers, Resolved, Tokens},
};
use crate::store::Identity;

/// Seconds of clock difference allowed on an ID token's `exp` and `iat`.
const LEEWAY_SECS: i64 = 60;
/// The longest subject, email and username kept.
const MAX_SUBJECT: usize = 255;
const MAX_USERNAME: usize = 100;

/// The account the tokens stand for.
pub(crate) async fn identity(
    providers: &Providers,
    resolved: &Resolved,
    client_id: &str,
    tokens: &Tokens,
    nonce: Option<&str>,
    now_ms: i64,
) -> Result<Identity, Failure> {
    let provider = resolved.provider;
    match provider {
        SocialProvider::Google | SocialProvider::Apple => {
            let token = tokens
                .id_token
                .as_deref()
                .ok_or_else(|| Failure::provider(provider, "it sent no ID token"))?;
            let claims =
                verify_id_token(providers, resolved, client_id, token, nonce, now_ms).await?;
            from_id_token(claims).ok_or_else(|| {
                Failure::provider(provider, "its ID token is not valid").logged("unusable subject")
            })
        }
        _ => from_api(providers, resolved, &tokens.access_token).await,
    }
}

/// The claims of an ID token frame-host reads.
#[derive(Debug, Deserialize)]
struct IdClaims {
    sub: String,
    exp: i64,
    #[serde(default)]
    iat: Option<i64>,
    #[serde(default)]
    nonce: Option<String>,
    #[serde(default)]
    email: Option<String>,
    /// A boolean (Google) or the string "true"/"false" (Apple).
    #[serde(default)]
    email_verified: Option<Value>,
    #[serde(default)]
    name: Option<String>,
}

const ID_TOKEN_ALGORITHMS: [Algorithm; 6] = [
    Algorithm::RS256,
    Algorithm::RS384,
    Algorithm::RS512,
    Algorithm::PS256,
    Algorithm::ES256,
    Algorithm::ES384,
];

async fn verify_id_token(
    providers: &Providers,
    resolved: &Resolved,
    client_id: &str,
    token: &str,
    nonce: Option<&str>,
    now_ms: i64,
) -> Result<IdClaims, Failure> {
    let provider = resolved.provider;
    let invalid =
        |why: String| Failure::provider(provider, "its ID token is not valid").logged(why);
    let header = jsonwebtoken::decode_header(token).map_err(|e| invalid(e.to_string()))?;
    if !ID_TOKEN_ALGORITHMS.contains(&header.alg) {
        return Err(invalid(format!("algorithm {:?}", header.alg)));
    }
    let find = |keys: &jsonwebtoken::jwk::JwkSet| -> Option<Jwk> {
        match &header.kid {
            Some(kid) => keys.find(kid).cloned(),
            None if keys.keys.len() == 1 => keys.keys.first().cloned(),
            None => None,
        }
    };
    let mut jwk = find(&providers.keys(resolved, now_ms, false).await?);
    if jwk.is_none() {
        jwk = find(&providers.keys(resolved, now_ms, true).await?);
    }
    let jwk = jwk.ok_or_else(|| invalid(format!("no key {:?}", header.kid)))?;
    let key = DecodingKey::from_jwk(&jwk).map_err(|e| invalid(e.to_string()))?;
    let issuer = resolved
        .discovery
        .as_ref()
        .map(|d| d.issuer.clone())
        .unwrap_or_default();
    let mut validation = Validation::new(header.alg);
    validation.set_audience(&[client_id]);
    validation.set_issuer(&[issuer]);
    // Times are checked against frame-host's clock below.
    validation.validate_exp = false;
    validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
    let claims = jsonwebtoken::decode::<IdClaims>(token, &key, &validation)
        .map_err(|e| invalid(e.to_string()))?
        .claims;
    let now = now_ms.div_euclid(1000);
    if claims.exp + LEEWAY_SECS < now {
        return Err(invalid("expired".into()));
    }
    if claims.iat.is_some_and(|iat| iat > now + LEEWAY_SECS) {
        return Err(invalid("issued in the future".into()));
    }
    if claims.nonce.as_deref() != nonce {
        return Err(invalid("nonce mismatch".into()));
    }
    Ok(claims)
}

fn from_id_token(claims: IdClaims) -> Option<Identity> {
    let verified = match &claims.email_verified {
        Some(Value::Bool(b)) => *b,
        Some(Value::String(s)) => s == "true",
        _ => false,
    };
    let email = clean_email(claims.email.as_deref());
    let username = email.clone().or(claims.name);
    account(claims.sub, email, verified, username)
}

/// Builds an identity; `None` for an unusable subject.
fn account(
    subject: String,
    email: Option<String>,
    email_verified: bool,
    username: Option<String>,
) -> Option<Identity> {
    if subject.is_empty() || subject.len() > MAX_SUBJECT {
        return None;
    }
    Some(Identity {
        subject,
        email_verified: email_verified && email.is_some(),
        email,
        username: username
            .map(|u| u.trim().chars().take(MAX_USERNAME).collect::<String>())
            .filter(|u| !u.is_empty()),
    })
}

/// The email lowercased if it is an address (the email login's rule), else `None`.
fn clean_email(email: Option<&str>) -> Option<String> {
    email.and_then(|e| crate::login::normalize_email(e).ok())
}

/// A JSON id: a string, or a number written as one (GitHub's ids are numbers).
fn id_of(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn text(value: &Value, key: &str) -> Option<String> {
    value.get(key).and_then(Value::as_str).map(str::to_owned)
}

async fn from_api(
    providers: &Providers,
    resolved: &Resolved,
    access_token: &str,
) -> Result<Identity, Failure> {
    let provider = resolved.provider;
    let url = resolved
        .endpoints
        .userinfo_url
        .as_deref()
        .ok_or_else(|| Failure::provider(provider, "its user endpoint is not configured"))?;
    let user: Value = providers
        .get_json(provider, url, Some(access_token))
        .await?;
    let found = match provider {
        // https://docs.github.com/en/rest/users: the primary address from /user/emails.
        SocialProvider::Github => {
            let (email, verified) = match &resolved.endpoints.emails_url {
                Some(url) => {
                    let emails: Vec<GithubEmail> = providers
                        .get_json(provider, url, Some(access_token))
                        .await?;
                    emails
                        .into_iter()
                        .find(|e| e.primary)
                        .map_or((None, false), |e| (Some(e.email), e.verified))
                }
                None => (text(&user, "email"), false),
            };
            user.get("id").and_then(id_of).and_then(|id| {
                account(
                    id,
                    clean_email(email.as_deref()),
                    verified,
                    text(&user, "login"),
                )
            })
        }
        SocialProvider::Discord => {
            let verified = user.get("verified").and_then(Value::as_bool) == Some(true);
            text(&user, "id").and_then(|id| {
                let email = clean_email(text(&user, "email").as_deref());
                account(id, email, verified, text(&user, "username"))
            })
        }
        // `confirmed_email` is an address X has confirmed.
        SocialProvider::X => {
            let data = user.get("data").cloned().unwrap_or_default();
            text(&data, "id").and_then(|id| {
                let email = clean_email(text(&data, "confirmed_email").as_deref());
                let verified = email.is_some();
                account(id, email, verified, text(&data, "username"))
            })
        }
        // The Graph API says nothing of verification: never treated as verified.
        _ => text(&user, "id").and_then(|id| {
            let email = clean_email(text(&user, "email").as_deref());
            account(id, email, false, text(&user, "name"))
        }),
    };
    found.ok_or_else(|| {
        Failure::provider(provider, "its account data could not be read")
            .logged("no usable id in the user answer")
    })
}

#[derive(Deserialize)]
struct GithubEmail {
    email: String,
    #[serde(default)]
    primary: bool,
    #[serde(default)]
    verified: bool,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn claims(value: Value) -> IdClaims {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn apple_writes_the_flag_as_a_string() {
        let c = claims(
            json!({ "sub": "000.a.1", "exp": 1, "email": "Ann@Example.com", "email_verified": "true" }),
        );
        let id = from_id_token(c).unwrap();
        assert_eq!(id.email.as_deref(), Some("ann@example.com"));
        assert!(id.email_verified);
        assert_eq!(id.username.as_deref(), Some("ann@example.com"));
        let c =
            claims(json!({ "sub": "1", "exp": 1, "email": "a@b.co", "email_verified": "false" }));
        assert!(!from_id_token(c).unwrap().email_verified);
    }

    #[test]
    fn an_unverified_or_missing_email_is_not_verified() {
        let c = claims(json!({ "sub": "1", "exp": 1, "email_verified": true, "name": "Ann" }));
        let id = from_id_token(c).unwrap();
        assert_eq!((id.email, id.email_verified), (None, false));
        assert_eq!(id.username.as_deref(), Some("Ann"));
        let c = claims(
            json!({ "sub": "1", "exp": 1, "email": "not an email", "email_verified": true }),
        );
        assert_eq!(from_id_token(c).unwrap().email, None);
        let c = claims(json!({ "sub": "", "exp": 1 }));
        assert!(from_id_token(c).is_none());
    }

    #[test]
    fn ids_may_be_numbers() {
        assert_eq!(id_of(&json!(583231)).as_deref(), Some("583231"));
        assert_eq!(
            id_of(&json!("80351110224678912")).as_deref(),
            Some("80351110224678912")
        );
        assert_eq!(id_of(&json!(null)), None);
    }
}
