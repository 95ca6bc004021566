//! The frame page's content: what `GET /frame?projectId=ID` lists for a project (its allowed
//! origins and the networks with their RPC URLs, names, native coins, swap routers and
//! smart-account contracts), the built frame's files as its `manifest.json` names them (from
//! `frame_dir` or embedded in the binary: [`FrameSource`]), and the RPC origins the page's CSP
//! allows.

mod source;

use std::sync::Arc;

use oriel_protocol::{
    frame_page::{FramePageConfig, NativeCurrency, NetworkRpc},
    origin::AllowList,
};
use serde::Deserialize;

use crate::{
    chain::{known::known_network, NetworkConfig, TokenConfig},
    projects::Projects,
    swap::ExchangeConfig,
    version::VERSION,
};

#[cfg(test)]
pub(crate) use source::EmbeddedFile;
pub(crate) use source::{EmbeddedFrame, FrameSource};

/// The chain the frame starts on until the dapp says otherwise.
const DEFAULT_CHAIN_ID: &str = "eip155:1";

/// The file in the frame's directory that names the built frame's files (scripts/build-wasm.sh writes it).
const MANIFEST: &str = "manifest.json";

/// What the frame page shows, settled from the config at start. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct FramePage {
    projects: Projects,
    networks: Arc<[NetworkRpc]>,
    connect_sources: Arc<[String]>,
    source: FrameSource,
}

/// What the frame page lists of each network: the networks, the listed tokens (their native
/// coins), and the swap networks with their exchanges (their routers).
#[derive(Debug, Clone, Copy)]
pub(crate) struct FrameNetworks<'a> {
    pub(crate) networks: &'a [NetworkConfig],
    pub(crate) tokens: &'a [TokenConfig],
    pub(crate) exchanges: &'a [ExchangeConfig],
    pub(crate) swap_networks: &'a [String],
}

impl FramePage {
    pub(crate) fn new(
        sections: FrameNetworks<'_>,
        connect_sources: Vec<String>,
        source: FrameSource,
        projects: Projects,
    ) -> Self {
        let networks = sections
            .networks
            .iter()
            .map(|n| frame_network(sections, n))
            .collect();
        Self {
            projects,
            networks,
            connect_sources: connect_sources.into(),
            source,
        }
    }

    /// The page's config for project `id` and its allowed origins; `None` for an unknown
    /// project.
    pub(crate) fn config(&self, id: &str) -> Option<(FramePageConfig, &AllowList)> {
        let list = self.projects.allow_list(id)?;
        let config = FramePageConfig {
            project_id: id.to_owned(),
            allowed_origins: list.patterns().iter().map(ToString::to_string).collect(),
            default_chain_id: DEFAULT_CHAIN_ID.into(),
            build_id: VERSION.into(),
            networks: self.networks.to_vec(),
        };
        Some((config, list))
    }

    /// The page's `connect-src` sources besides `'self'`.
    pub(crate) fn connect_sources(&self) -> &[String] {
        &self.connect_sources
    }

    /// The built frame's files, read now (so a rebuilt frame is served at once).
    pub(crate) async fn files(&self) -> Result<FrameFiles, String> {
        FrameFiles::read(&self.source).await
    }
}

/// Network `n` as the frame page lists it: its RPC URLs, its name (the configured one, else a
/// well-known network's) and its native coin (the `[[tokens]]` entry without an address for
/// it, else a well-known network's, else Ether for `eip155` and SOL for `solana`, as the
/// balance route assumes), its exchange's router, for the approval screen, and whether it has
/// a bundler (`bundler_url`), its smart-account contracts.
fn frame_network(config: FrameNetworks<'_>, n: &NetworkConfig) -> NetworkRpc {
    let known = known_network(&n.chain_id);
    let configured = config
        .tokens
        .iter()
        .find(|t| t.chain_id == n.chain_id && t.address.is_none())
        .map(|t| NativeCurrency {
            symbol: t.symbol.clone(),
            decimals: t.decimals,
        });
    let fallback = match known {
        Some(k) => Some((k.symbol, k.decimals)),
        None if n.chain_id.starts_with("eip155:") => Some(("ETH", 18)),
        None if n.chain_id.starts_with("solana:") => Some(("SOL", 9)),
        None => None,
    };
    NetworkRpc {
        chain_id: n.chain_id.clone(),
        rpc_urls: n.rpc_urls.clone(),
        name: n
            .name
            .clone()
            .or(known.map(|k| k.name.to_owned()))
            .unwrap_or_default(),
        native_currency: configured.or(fallback.map(|(symbol, decimals)| NativeCurrency {
            symbol: symbol.to_owned(),
            decimals,
        })),
        swap_router: config
            .exchanges
            .iter()
            .find(|e| e.chain_id == n.chain_id && config.swap_networks.contains(&e.chain_id))
            .map(|e| e.router.to_ascii_lowercase()),
        smart_account: n.smart_account_contracts(),
    }
}

/// Whether `name` is a content-hashed file name as scripts/build-wasm.sh writes them:
/// `stem.HASH.ext`, the stem in `[a-z_]`, HASH 16 lowercase hex digits, ext `js`, `wasm` or
/// `css`. Such a name is also safe inside an HTML attribute.
pub(crate) fn is_hashed_name(name: &str) -> bool {
    let mut parts = name.split('.');
    let (Some(stem), Some(hash), Some(ext), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    !stem.is_empty()
        && stem.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
        && hash.len() == 16
        && hash
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        && matches!(ext, "js" | "wasm" | "css")
}

/// The built frame's files, as its `manifest.json` names them, and the boot script.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FrameFiles {
    /// The module script the page runs (it imports `glue` and instantiates `wasm`), carried
    /// inline as `boot_script`.
    pub(crate) boot: String,
    /// The text of `boot`: the page carries it inline, so it starts the wasm's streaming
    /// compile as soon as the page is parsed instead of after a fetch of its own.
    #[serde(skip)]
    pub(crate) boot_script: String,
    /// wasm-bindgen's JS glue.
    pub(crate) glue: String,
    pub(crate) wasm: String,
    pub(crate) css: String,
}

impl FrameFiles {
    /// Whether the frame in `source` can be served: its manifest reads, and every file it
    /// names is there (what `/readyz` asks). The error names the first thing missing.
    pub(crate) async fn check(source: &FrameSource) -> Result<(), String> {
        let files = Self::read(source).await?;
        for name in [&files.glue, &files.wasm, &files.css] {
            source.check_exists(name).await?;
        }
        Ok(())
    }

    /// Reads the manifest and the boot script; read on every page request, so a rebuilt frame
    /// is served at once.
    async fn read(source: &FrameSource) -> Result<Self, String> {
        let text = source.read_text(MANIFEST).await?;
        let mut files: Self =
            serde_json::from_str(&text).map_err(|e| format!("{source}: {MANIFEST}: {e}"))?;
        for name in [&files.boot, &files.glue, &files.wasm, &files.css] {
            if !is_hashed_name(name) {
                return Err(format!(
                    "{source}: {MANIFEST}: not a content-hashed name: {name:?}"
                ));
            }
        }
        files.boot_script = source.read_text(&files.boot).await?;
        if !fits_in_script_element(&files.boot_script) {
            return Err(format!(
                "{}: cannot sit inside a <script> element",
                files.boot
            ));
        }
        Ok(files)
    }
}

/// Whether `script` can be the text of a `<script>` element as it is: not empty, and nothing
/// that could end the element early or change how it is parsed (`</script`, `<!--`).
fn fits_in_script_element(script: &str) -> bool {
    let lower = script.to_ascii_lowercase();
    !script.trim().is_empty() && !lower.contains("</script") && !lower.contains("<!--")
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    const MANIFEST_JSON: &[u8] = br#"{"boot":"boot.0123456789abcdef.js","glue":"oriel_frame.0123456789abcdef.js","wasm":"oriel_frame_bg.0123456789abcdef.wasm","css":"frame.0123456789abcdef.css"}"#;

    /// A built frame's files, the CSS last.
    const FILES: &[EmbeddedFile] = &[
        EmbeddedFile {
            name: "manifest.json",
            bytes: MANIFEST_JSON,
        },
        EmbeddedFile {
            name: "boot.0123456789abcdef.js",
            bytes: b"import '/frame/assets/oriel_frame.0123456789abcdef.js';\n",
        },
        EmbeddedFile {
            name: "oriel_frame.0123456789abcdef.js",
            bytes: b"export {};\n",
        },
        EmbeddedFile {
            name: "oriel_frame_bg.0123456789abcdef.wasm",
            bytes: b"\0asm\x01\0\0\0",
        },
        EmbeddedFile {
            name: "frame.0123456789abcdef.css",
            bytes: b"body{margin:0}\n",
        },
    ];

    static WHOLE: EmbeddedFrame = EmbeddedFrame { files: FILES };

    /// The same without its CSS.
    static NO_CSS: EmbeddedFrame = EmbeddedFrame {
        files: FILES.split_at(4).0,
    };

    /// What `/readyz` and the frame page read of an embedded frame.
    #[tokio::test]
    async fn an_embedded_frame_is_read_and_checked() {
        let source = FrameSource::Embedded(&WHOLE);
        let files = FrameFiles::read(&source).await.unwrap();
        assert_eq!(files.wasm, "oriel_frame_bg.0123456789abcdef.wasm");
        assert_eq!(
            files.boot_script,
            "import '/frame/assets/oriel_frame.0123456789abcdef.js';\n"
        );
        FrameFiles::check(&source).await.unwrap();
        let error = FrameFiles::check(&FrameSource::Embedded(&NO_CSS))
            .await
            .unwrap_err();
        assert_eq!(
            error,
            "frame.0123456789abcdef.css: not in the embedded frame"
        );
    }

    /// `frame_dir` set wins; unset, a binary without a frame serves dist/frame.
    #[test]
    fn where_the_frame_comes_from() {
        let dir = Path::new("/srv/frame");
        assert!(matches!(
            FrameSource::new(Some(dir)),
            FrameSource::Dir(d) if &*d == dir
        ));
        match FrameSource::new(None) {
            FrameSource::Dir(d) => {
                assert!(source::EMBEDDED.is_none());
                assert_eq!(&*d, Path::new(source::DEFAULT_FRAME_DIR));
            }
            FrameSource::Embedded(_) => assert!(source::EMBEDDED.is_some()),
        }
    }

    #[test]
    fn hashed_names() {
        for name in [
            "boot.0123456789abcdef.js",
            "oriel_frame_bg.0fdcc68004a256fc.wasm",
        ] {
            assert!(is_hashed_name(name), "{name}");
        }
        for name in [
            "boot.js",
            "manifest.json",
            "boot.0123456789abcdef.json",
            "boot.0123456789ABCDEF.js",
            "boot.0123456789abcde.js",
            "Boot.0123456789abcdef.js",
            ".0123456789abcdef.js",
            "sub/boot.0123456789abcdef.js",
            "boot.0123456789abcdef.js.map",
            "\"><script>.0123456789abcdef.js",
        ] {
            assert!(!is_hashed_name(name), "{name}");
        }
    }
}
