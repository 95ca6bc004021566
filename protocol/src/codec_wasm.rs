//! The host-side codec: the same crate, compiled to wasm, so the SDK never re-implements the
//! wire format. Values cross the boundary as JSON text whose shape is the serde JSON form of
//! [`Envelope`] (TypeScript types are generated from these Rust types).

use wasm_bindgen::prelude::*;

use crate::{Envelope, SUPPORTED_VERSIONS};

/// Encodes an envelope given as JSON text into postcard bytes.
#[wasm_bindgen]
pub fn encode(envelope_json: &str) -> Result<Vec<u8>, JsError> {
    let envelope: Envelope = serde_json::from_str(envelope_json)
        .map_err(|e| JsError::new(&format!("invalid envelope: {e}")))?;
    envelope.encode().map_err(|e| JsError::new(&e.to_string()))
}

/// Decodes postcard bytes into an envelope as JSON text; any bad input is a thrown error.
#[wasm_bindgen]
pub fn decode(bytes: &[u8]) -> Result<String, JsError> {
    let envelope =
        Envelope::decode(bytes, SUPPORTED_VERSIONS).map_err(|e| JsError::new(&e.to_string()))?;
    serde_json::to_string(&envelope).map_err(|e| JsError::new(&e.to_string()))
}

/// The protocol versions this codec speaks, ascending.
#[wasm_bindgen(js_name = supportedVersions)]
pub fn supported_versions() -> Vec<u16> {
    SUPPORTED_VERSIONS.to_vec()
}

/// The highest version both this codec and the frame speak.
#[wasm_bindgen]
pub fn negotiate(frame_versions: Vec<u16>) -> Result<u16, JsError> {
    crate::negotiate(SUPPORTED_VERSIONS, &frame_versions).map_err(|e| JsError::new(&e.to_string()))
}
