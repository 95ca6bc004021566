//! Warnings for developers: the browser console in the frame, stderr in native tests.

/// Logs a warning.
pub(crate) fn warn(message: &str) {
    #[cfg(target_arch = "wasm32")]
    web_sys::console::warn_1(&format!("oriel frame: {message}").into());
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("oriel frame: {message}");
}
