//! CAIP-2 network ids, as both sides of the protocol and frame-host's config check them.

/// Whether `id` is a CAIP-2 network id: `namespace:reference`, the namespace `[-a-z0-9]{3,8}`,
/// the reference `[-_a-zA-Z0-9]{1,32}`.
///
/// ```
/// assert!(oriel_protocol::caip::is_caip2("eip155:1"));
/// assert!(!oriel_protocol::caip::is_caip2("EIP155:1"));
/// ```
pub fn is_caip2(id: &str) -> bool {
    let Some((namespace, reference)) = id.split_once(':') else {
        return false;
    };
    (3..=8).contains(&namespace.len())
        && namespace
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && (1..=32).contains(&reference.len())
        && reference
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caip2_ids() {
        for good in [
            "eip155:1",
            "eip155:31337",
            "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
            "bip122:000000000019d6689c085ae165831e93",
            "cosmos:cosmoshub-4",
        ] {
            assert!(is_caip2(good), "{good}");
        }
        for bad in [
            "",
            "eip155",
            "eip155:",
            ":1",
            "ab:1",
            "ei:1",
            "EIP155:1",
            "eip155:1:2",
            "toolongname:1",
            "toolongnamespace:1",
            "eip155:a.b",
        ] {
            assert!(!is_caip2(bad), "{bad}");
        }
    }
}
