//! The version of this build.

/// The version reported by `/healthz` and embedded in the frame as `buildId`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
