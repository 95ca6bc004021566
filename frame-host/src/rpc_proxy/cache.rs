//! Answers reused for a moment: what every page on a network asks for at once (the newest
//! block, the gas price) is one call to the node per [`FRESH_MS`], not one per visitor.

use std::{
    collections::HashMap,
    sync::{Mutex, PoisonError},
};

use serde_json::Value;

/// How long an answer is reused, milliseconds (a block takes longer on every chain we serve).
pub(crate) const FRESH_MS: i64 = 1_000;

/// Recent answers by (network, method).
#[derive(Debug, Default)]
pub(crate) struct Recent(Mutex<HashMap<(String, String), (i64, Value)>>);

impl Recent {
    /// The answer to `method` on `chain_id`, if one came within [`FRESH_MS`] of `now_ms`.
    pub(crate) fn get(&self, chain_id: &str, method: &str, now_ms: i64) -> Option<Value> {
        let map = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let (at, value) = map.get(&(chain_id.to_owned(), method.to_owned()))?;
        (now_ms - at < FRESH_MS).then(|| value.clone())
    }

    pub(crate) fn put(&self, chain_id: &str, method: &str, now_ms: i64, value: Value) {
        let mut map = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        map.insert((chain_id.to_owned(), method.to_owned()), (now_ms, value));
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn answers_are_reused_for_a_second() {
        let recent = Recent::default();
        recent.put("eip155:1", "eth_blockNumber", 1_000, json!("0x10"));
        assert_eq!(
            recent.get("eip155:1", "eth_blockNumber", 1_999),
            Some(json!("0x10"))
        );
        assert_eq!(recent.get("eip155:1", "eth_blockNumber", 2_000), None);
        assert_eq!(recent.get("eip155:2", "eth_blockNumber", 1_500), None);
    }
}
