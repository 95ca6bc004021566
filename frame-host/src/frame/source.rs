//! Where the built frame's files come from: a directory (`frame_dir`, read on each request, so
//! a developer's rebuilt frame is served at once) or the copy compiled into the binary by the
//! `embed-frame` feature (what scripts/release.sh builds: a deployment is one file).
//!
//! The rule: `frame_dir` set (config or `ORIEL_FRAME_DIR`) serves that directory; unset, a
//! binary with an embedded frame serves it, and one without serves [`DEFAULT_FRAME_DIR`].

use std::{
    fmt,
    path::{Path, PathBuf},
    sync::Arc,
};

/// The directory served when `frame_dir` is unset and no frame is embedded (where
/// scripts/build-wasm.sh writes it, from the repository's root).
pub(crate) const DEFAULT_FRAME_DIR: &str = "dist/frame";

/// One file of the embedded frame: its name in the frame's directory and its content.
#[derive(Debug)]
pub(crate) struct EmbeddedFile {
    pub(crate) name: &'static str,
    pub(crate) bytes: &'static [u8],
}

/// A frame compiled into the binary: `manifest.json`, the files it names and their `.br` and
/// `.gz` copies.
#[derive(Debug)]
pub(crate) struct EmbeddedFrame {
    pub(crate) files: &'static [EmbeddedFile],
}

impl EmbeddedFrame {
    /// The content of file `name` (a plain name, no directories).
    pub(crate) fn get(&self, name: &str) -> Option<&'static [u8]> {
        self.files.iter().find(|f| f.name == name).map(|f| f.bytes)
    }
}

/// The frame this binary carries (`embed-frame`), written by build.rs.
#[cfg(feature = "embed-frame")]
pub(crate) static EMBEDDED: Option<&EmbeddedFrame> = Some(&EmbeddedFrame {
    files: include!(concat!(env!("OUT_DIR"), "/frame_files.rs")),
});

/// This binary carries no frame (built without `embed-frame`).
#[cfg(not(feature = "embed-frame"))]
pub(crate) static EMBEDDED: Option<&EmbeddedFrame> = None;

/// Where the frame's files are read from. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) enum FrameSource {
    Dir(Arc<Path>),
    Embedded(&'static EmbeddedFrame),
}

impl FrameSource {
    /// The source the config's `frame_dir` gives, by the rule of this module.
    pub(crate) fn new(frame_dir: Option<&Path>) -> Self {
        match (frame_dir, EMBEDDED) {
            (Some(dir), _) => Self::Dir(dir.into()),
            (None, Some(embedded)) => Self::Embedded(embedded),
            (None, None) => Self::Dir(Path::new(DEFAULT_FRAME_DIR).into()),
        }
    }

    /// The text of file `name`; the error names the file and what went wrong.
    pub(crate) async fn read_text(&self, name: &str) -> Result<String, String> {
        match self {
            Self::Dir(dir) => {
                let path = dir.join(name);
                tokio::fs::read_to_string(&path)
                    .await
                    .map_err(|e| format!("{}: {e}", path.display()))
            }
            Self::Embedded(frame) => {
                let bytes = frame
                    .get(name)
                    .ok_or_else(|| format!("{name}: not in the embedded frame"))?;
                String::from_utf8(bytes.to_vec()).map_err(|e| format!("{name} (embedded): {e}"))
            }
        }
    }

    /// Whether file `name` is there; the error names what is missing.
    pub(crate) async fn check_exists(&self, name: &str) -> Result<(), String> {
        match self {
            Self::Dir(dir) => {
                let path: PathBuf = dir.join(name);
                match tokio::fs::try_exists(&path).await {
                    Ok(true) => Ok(()),
                    _ => Err(format!("{}: missing", path.display())),
                }
            }
            Self::Embedded(frame) => match frame.get(name) {
                Some(_) => Ok(()),
                None => Err(format!("{name}: not in the embedded frame")),
            },
        }
    }
}

impl fmt::Display for FrameSource {
    /// Where the frame is served from, for the log: the directory, or "embedded".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Dir(dir) => write!(f, "{}", dir.display()),
            Self::Embedded(_) => f.write_str("embedded in the binary"),
        }
    }
}
