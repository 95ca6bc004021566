//! The local identity provider (`stack/oidc.mjs`, the `oidc-provider` package from the
//! checkout's node_modules: `npm ci` first) on a free port, and a small browser that signs in
//! at it: it follows the provider's redirects with its cookies, submits the sign-in form, and
//! stops at frame-host's callback.

use std::{
    io::{BufRead, BufReader},
    process::{Child, Command, Stdio},
    time::Duration,
};

use oriel_frame_host::SocialConfig;
use reqwest::{header, StatusCode};

use super::devnet::root;

/// frame-host's public URL in the tests (`TestApp`).
pub const FRAME_HOST: &str = "https://wallet.test";

/// The provider process, ended on drop.
pub struct Oidc {
    child: Child,
    /// `http://127.0.0.1:PORT`.
    pub url: String,
    /// frame-host's `[social.*]` tables for it.
    pub social: SocialConfig,
}

impl Drop for Oidc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Oidc {
    /// Starts the provider (callbacks registered for [`FRAME_HOST`]) and waits until it
    /// prints its URL (at most 30 s).
    pub fn start() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let toml = dir.path().join("social.toml");
        assert!(
            root().join("node_modules/oidc-provider").exists(),
            "node_modules/oidc-provider is missing: run npm ci"
        );
        let mut child = Command::new("node")
            .arg("stack/oidc.mjs")
            .args(["--port", "0", "--frame-host", FRAME_HOST, "--toml"])
            .arg(&toml)
            .current_dir(root())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        // The first line is the URL; the rest (the package's notices) is drained, so the
        // provider never writes to a closed pipe.
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            let first = lines.next().and_then(Result::ok).unwrap_or_default();
            let _ = tx.send(first);
            lines.for_each(drop);
        });
        let url = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("the identity provider did not start")
            .trim()
            .to_owned();
        assert!(url.starts_with("http://127.0.0.1:"), "{url:?}");
        #[derive(serde::Deserialize)]
        struct File {
            social: SocialConfig,
        }
        let text = std::fs::read_to_string(&toml).unwrap();
        let social = toml::from_str::<File>(&text).unwrap().social;
        Self { child, url, social }
    }
}

/// Where the provider sent the browser back to frame-host.
#[derive(Debug, Clone)]
pub enum Callback {
    /// A redirect: the callback's path and query (below [`FRAME_HOST`]).
    Get(String),
    /// A `form_post` answer: the callback's path and the form's fields.
    Post(String, Vec<(String, String)>),
}

impl Callback {
    /// The value of `name` in the callback's query or form.
    pub fn param(&self, name: &str) -> Option<String> {
        let pairs: Vec<(String, String)> = match self {
            Callback::Get(path) => {
                let query = path.split_once('?').map_or("", |(_, q)| q);
                url::form_urlencoded::parse(query.as_bytes())
                    .into_owned()
                    .collect()
            }
            Callback::Post(_, form) => form.clone(),
        };
        pairs.into_iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }

    /// The same callback with `name` set to `value`.
    pub fn with(&self, name: &str, value: &str) -> Self {
        match self {
            Callback::Get(path) => {
                let mut url = url::Url::parse(&format!("{FRAME_HOST}{path}")).unwrap();
                let pairs: Vec<(String, String)> = url
                    .query_pairs()
                    .into_owned()
                    .map(|(k, v)| {
                        if k == name {
                            (k, value.to_owned())
                        } else {
                            (k, v)
                        }
                    })
                    .collect();
                url.query_pairs_mut().clear().extend_pairs(pairs);
                Callback::Get(format!("{}?{}", url.path(), url.query().unwrap()))
            }
            Callback::Post(path, form) => Callback::Post(
                path.clone(),
                form.iter()
                    .map(|(k, v)| {
                        (
                            k.clone(),
                            if k == name {
                                value.to_owned()
                            } else {
                                v.clone()
                            },
                        )
                    })
                    .collect(),
            ),
        }
    }
}

/// A browser at the provider: a cookie jar, no automatic redirects.
pub struct Browser {
    http: reqwest::Client,
    cookies: Vec<(String, String)>,
}

impl Default for Browser {
    fn default() -> Self {
        Self {
            http: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .unwrap(),
            cookies: Vec::new(),
        }
    }
}

/// A user to sign in as, as the provider's form takes it.
pub struct User<'a> {
    pub username: &'a str,
    pub email: Option<&'a str>,
    pub verified: bool,
}

impl Browser {
    async fn send(
        &mut self,
        request: reqwest::RequestBuilder,
    ) -> (StatusCode, Option<String>, String) {
        let cookie = self
            .cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ");
        let response = request.header(header::COOKIE, cookie).send().await.unwrap();
        for set in response.headers().get_all(header::SET_COOKIE) {
            let set = set.to_str().unwrap();
            let (pair, attributes) = set.split_once(';').unwrap_or((set, ""));
            let (name, value) = pair.split_once('=').unwrap();
            self.cookies.retain(|(k, _)| k != name);
            let gone = value.is_empty()
                || attributes
                    .to_ascii_lowercase()
                    .contains("expires=thu, 01 jan 1970");
            if !gone {
                self.cookies.push((name.to_owned(), value.to_owned()));
            }
        }
        let status = response.status();
        let location = response
            .headers()
            .get(header::LOCATION)
            .map(|v| v.to_str().unwrap().to_owned());
        (status, location, response.text().await.unwrap())
    }

    /// Opens `authorization_url`, then signs in as `user` (`None`: denies access), and
    /// follows the provider until it sends the browser to frame-host.
    pub async fn sign_in(
        &mut self,
        oidc: &Oidc,
        authorization_url: &str,
        user: Option<User<'_>>,
    ) -> Callback {
        let (status, location, body) = self.send(self.http.get(authorization_url)).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
        let page = format!("{}{}", oidc.url, location.unwrap());
        let (status, _, body) = self.send(self.http.get(&page)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(body.contains("Pick a user"), "{body}");
        let form: Vec<(&str, &str)> = match &user {
            None => vec![("action", "deny")],
            Some(u) => vec![
                ("action", "allow"),
                ("username", u.username),
                ("name", u.username),
                ("email", u.email.unwrap_or_default()),
                ("email_verified", if u.verified { "on" } else { "" }),
            ],
        };
        let body = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(form)
            .finish();
        let post = self
            .http
            .post(format!("{page}/login"))
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(body);
        let (mut status, mut location, mut body) = self.send(post).await;
        // The provider resumes the authorization, then answers frame-host.
        for _ in 0..5 {
            match location.as_deref() {
                Some(to) if to.starts_with(FRAME_HOST) => {
                    return Callback::Get(to[FRAME_HOST.len()..].to_owned());
                }
                Some(to) => {
                    let next = if to.starts_with("http") {
                        to.to_owned()
                    } else {
                        format!("{}{to}", oidc.url)
                    };
                    (status, location, body) = self.send(self.http.get(&next)).await;
                }
                None => break,
            }
        }
        // A form_post page: 200, or 400 when it carries an error.
        assert!(matches!(status.as_u16(), 200 | 400), "{status} {body}");
        form_post(&body)
    }
}

/// The callback of a `form_post` page: its form's action and hidden fields.
fn form_post(html: &str) -> Callback {
    let attr = |tag: &str, name: &str| -> Option<String> {
        let at = tag.find(&format!("{name}=\""))? + name.len() + 2;
        let end = tag[at..].find('"')? + at;
        let raw = &tag[at..end];
        Some(
            raw.replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&#39;", "'")
                .replace("&amp;", "&"),
        )
    };
    let form_at = html.find("<form").expect("a form_post page");
    let form_tag = &html[form_at..form_at + html[form_at..].find('>').unwrap()];
    let action = attr(form_tag, "action").unwrap();
    assert!(action.starts_with(FRAME_HOST), "{action}");
    let fields = html
        .match_indices("<input")
        .filter_map(|(at, _)| {
            let tag = &html[at..at + html[at..].find('>')?];
            Some((attr(tag, "name")?, attr(tag, "value")?))
        })
        .collect();
    Callback::Post(action[FRAME_HOST.len()..].to_owned(), fields)
}
