//! The version of this build.

/// The version reported by `/healthz` and embedded in the frame as `buildId`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The git commit this binary was built from (`git rev-parse HEAD` at build time), or
/// "unknown" when built outside git.
pub(crate) const GIT_COMMIT: &str = env!("ORIEL_GIT_COMMIT");

/// The SHA-256 of the frame's `manifest.json` embedded in this binary (hex), or "not
/// embedded" when built without the `embed-frame` feature.
pub(crate) const FRAME_MANIFEST_SHA256: &str = env!("ORIEL_FRAME_MANIFEST_SHA256");

/// What `oriel-frame-host --version` prints after the program's name.
pub(crate) const LONG_VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    "\ncommit ",
    env!("ORIEL_GIT_COMMIT"),
    "\nframe manifest sha256 ",
    env!("ORIEL_FRAME_MANIFEST_SHA256"),
);
