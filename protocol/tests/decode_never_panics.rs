//! Bounded fuzzing of the decoder (run by `cargo test`, so by `make test`): random bytes and
//! mutated golden vectors must decode to a value or a typed error, never a panic, and every
//! value that decodes must survive re-encoding unchanged. (Bytes need not round-trip: postcard
//! accepts over-long varints, which re-encode shorter.)

mod common;

use common::samples;
use oriel_protocol::{Body, Envelope, Request, PROTOCOL_VERSION, SUPPORTED_VERSIONS};
use proptest::prelude::*;

fn check(bytes: &[u8]) {
    if let Ok(envelope) = Envelope::decode(bytes, SUPPORTED_VERSIONS) {
        let again = Envelope::decode(&envelope.encode().unwrap(), SUPPORTED_VERSIONS);
        assert_eq!(
            again.as_ref(),
            Ok(&envelope),
            "re-encoding changed the value"
        );
    }
}

fn golden() -> Vec<Vec<u8>> {
    samples()
        .into_iter()
        .map(|(_, e)| e.encode().unwrap())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..256)) {
        check(&bytes);
    }

    #[test]
    fn mutated_vectors(
        which in any::<prop::sample::Index>(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 1..6),
    ) {
        let vectors = golden();
        let mut bytes = which.get(&vectors).clone();
        for (at, value, kind) in edits {
            if bytes.is_empty() { break; }
            let i = at.index(bytes.len());
            match kind {
                0 => bytes[i] = value,
                1 => bytes.insert(i, value),
                _ => { bytes.truncate(i); }
            }
        }
        check(&bytes);
    }

    #[test]
    fn any_text_round_trips(email in ".*", id in any::<u32>()) {
        let e = Envelope::new(PROTOCOL_VERSION, id, Body::Request(Request::ConnectEmail { email }));
        let bytes = e.encode().unwrap();
        prop_assert_eq!(Envelope::decode(&bytes, SUPPORTED_VERSIONS).unwrap(), e);
    }
}
