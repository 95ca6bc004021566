//! Security headers: the frame page's Content-Security-Policy and the fixed policies.

use std::fmt::{self, Write};

use base64::{engine::general_purpose::STANDARD, Engine};
use oriel_protocol::origin::OriginPattern;
use sha2::{Digest, Sha256};

/// CSP of error pages: nothing loads, nothing embeds them.
pub(crate) const ERROR_PAGE_CSP: &str =
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/// CSP of static assets: a file opened directly runs nothing and cannot be framed.
pub(crate) const ASSET_CSP: &str = "default-src 'none'; frame-ancestors 'none'";

/// Permissions-Policy of the frame page: no powerful features.
pub(crate) const PERMISSIONS_POLICY: &str = "camera=(), microphone=(), geolocation=(), payment=()";

/// A CSP hash source (`sha256-` and the base64 of the SHA-256) for one inline script's text:
/// the policy then runs that exact text and no other inline script.
pub(crate) struct ScriptHash(String);

impl ScriptHash {
    pub(crate) fn of(script: &str) -> Self {
        Self(format!(
            "sha256-{}",
            STANDARD.encode(Sha256::digest(script))
        ))
    }
}

impl fmt::Display for ScriptHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The frame page's CSP. Scripts come only from frame-host itself (plus wasm compilation) and
/// the one inline script whose hash is `boot_hash` (the frame's boot), never other inline
/// script or `eval`; `connect-src` allows frame-host and `connect` (the networks' RPC
/// origins and `rpc_hosts`, see `Config::connect_sources`); and only `ancestors` (the
/// project's allowed origins) may embed the page.
pub(crate) fn frame_csp(
    ancestors: &[OriginPattern],
    connect: &[String],
    boot_hash: &ScriptHash,
) -> String {
    let mut csp = format!(
        "default-src 'none'; script-src 'self' 'wasm-unsafe-eval' '{boot_hash}'; \
         style-src 'self'; img-src 'self' data:; connect-src 'self'"
    );
    for host in connect {
        let _ = write!(csp, " {host}");
    }
    csp.push_str("; frame-ancestors");
    for origin in ancestors {
        let _ = write!(csp, " {origin}");
    }
    csp.push_str("; object-src 'none'; base-uri 'none'; form-action 'none'");
    csp
}

#[cfg(test)]
mod tests {
    use oriel_protocol::origin::AllowList;

    use super::*;

    #[test]
    fn frame_csp_lists_ancestors_and_rpc_hosts() {
        let list =
            AllowList::parse(&["HTTPS://App.Example.com:443", "http://localhost:*"]).unwrap();
        let boot = ScriptHash::of("performance.mark('oriel:boot')\n");
        let csp = frame_csp(list.patterns(), &["https://rpc.example.com".into()], &boot);
        assert_eq!(
            csp,
            "default-src 'none'; script-src 'self' 'wasm-unsafe-eval' \
             'sha256-HB7EHApkcuaUjr9/iFqsD2LcSchJpELYImgVWZNFaI8='; style-src 'self'; \
             img-src 'self' data:; connect-src 'self' https://rpc.example.com; \
             frame-ancestors https://app.example.com http://localhost:*; object-src 'none'; \
             base-uri 'none'; form-action 'none'"
        );
    }
}
