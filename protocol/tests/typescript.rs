//! The SDK's protocol types (ts-rs) and shared constants are generated from this crate, never
//! written by hand. This test fails when `sdk-react/src/codec/protocol.gen.ts` or
//! `sdk-react/src/codec/constants.gen.ts` or the wire schema `schema.gen.ts` is stale; to regenerate:
//! `ORIEL_BLESS=1 cargo test -p oriel-protocol --test typescript`.

use oriel_protocol::*;
use ts_rs::TS;

mod wire_schema;

fn declarations() -> String {
    let decls = [
        Envelope::decl(),
        Body::decl(),
        Request::decl(),
        Reply::decl(),
        ErrorReply::decl(),
        ErrorCode::decl(),
        FrameEvent::decl(),
        RevealPurpose::decl(),
        User::decl(),
        Account::decl(),
        AccountType::decl(),
        EmailAction::decl(),
        UpdateEmailAction::decl(),
        SocialProvider::decl(),
        ThemeMode::decl(),
        ThemeVariable::decl(),
        DappMetadata::decl(),
    ];
    let mut out = String::from(
        "// Generated from the oriel-protocol crate by protocol/tests/typescript.rs. Do not edit.\n\n",
    );
    for d in decls {
        out.push_str("export ");
        out.push_str(&d);
        out.push_str("\n\n");
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

/// The handshake constants and the spec texts, as `export const NAME = '...'`.
fn constants() -> String {
    use oriel_protocol::{email, frame_page, handshake, text};
    let constants = [
        ("LOADED_MESSAGE_TYPE", handshake::LOADED_MESSAGE_TYPE),
        ("CONNECT_MESSAGE_TYPE", handshake::CONNECT_MESSAGE_TYPE),
        ("CONFIG_ELEMENT_ID", frame_page::CONFIG_ELEMENT_ID),
        ("SOCIAL_DONE_MESSAGE_TYPE", http::social::DONE_MESSAGE_TYPE),
        ("AN_ERROR_OCCURRED", text::AN_ERROR_OCCURRED),
        ("REQUEST_ABORTED", text::REQUEST_ABORTED),
        ("USER_REJECTED", text::USER_REJECTED),
        ("RPC_NOT_ALLOWED", text::RPC_NOT_ALLOWED),
        ("ACTION_NOT_ALLOWED", text::ACTION_NOT_ALLOWED),
        ("CHAIN_NOT_SUPPORTED", text::CHAIN_NOT_SUPPORTED),
        ("INVALID_CAIP2_PREFIX", text::INVALID_CAIP2_PREFIX),
        ("INVALID_EMAIL", text::INVALID_EMAIL),
        ("REQUEST_TIMEOUT", text::REQUEST_TIMEOUT),
        ("NETWORK_ERROR", text::NETWORK_ERROR),
        ("SESSION_EXPIRED", text::SESSION_EXPIRED),
        ("INVALID_KEY", text::INVALID_KEY),
        ("JWT_NOT_YET_VALID", text::JWT_NOT_YET_VALID),
        ("INVALID_CODE", text::INVALID_CODE),
        ("CODE_LOCKED", text::CODE_LOCKED),
        ("EMAIL_IN_USE", text::EMAIL_IN_USE),
        ("DEVICE_NOT_APPROVED", text::DEVICE_NOT_APPROVED),
        ("TRY_AGAIN_PREFIX", text::TRY_AGAIN_PREFIX),
        ("TRY_AGAIN_SUFFIX", text::TRY_AGAIN_SUFFIX),
    ];
    let mut out = String::from(
        "// Generated from the oriel-protocol crate (handshake, frame_page, text and email modules) by\n\
         // protocol/tests/typescript.rs. Do not edit.\n",
    );
    for (name, value) in constants {
        assert!(!value.contains(['\'', '\\', '\n']), "{name} needs escaping");
        out.push_str(&format!("\nexport const {name} = '{value}'\n"));
    }
    out.push_str(&format!(
        "\n/** The email rule (`oriel_protocol::email`) as a regular expression; the length is checked apart. */\nexport const EMAIL_PATTERN = {}\n\n/** The longest email address (RFC 5321). */\nexport const MAX_EMAIL_LEN = {}\n",
        serde_json::to_string(email::EMAIL_PATTERN).unwrap(),
        email::MAX_EMAIL_LEN
    ));
    out.push_str(&format!(
        "\n/** The newest protocol version this side speaks. */\nexport const PROTOCOL_VERSION = {PROTOCOL_VERSION}\n"
    ));
    out.push_str(&format!(
        "\n/** Protocol versions this side speaks, ascending. */\nexport const SUPPORTED_VERSIONS: readonly number[] = {SUPPORTED_VERSIONS:?}\n"
    ));
    out.push_str(&format!(
        "\n/** The largest encoded message either side sends or reads. */\nexport const MAX_MESSAGE_BYTES = {MAX_MESSAGE_BYTES}\n"
    ));
    out
}

/// The on-ramp's constants (spec §7, §9): the fallback network, the default fee range, the
/// card on-ramp's networks and the built-in sample options. Apart from `constants.gen.ts`, which
/// the page's first chunk imports, so they load only with the on-ramp's code.
fn onramp_constants() -> String {
    use oriel_protocol::http::onramp;
    let mut out = String::from(
        "// Generated from the oriel-protocol crate (http::onramp) by protocol/tests/typescript.rs.\n\
         // Do not edit.\n",
    );
    out.push_str(&format!(
        "\nexport const ONRAMP_FALLBACK_NETWORK = '{}'\n\nexport const DEFAULT_FEE_RANGE = '{}'\n",
        onramp::ONRAMP_FALLBACK_NETWORK,
        onramp::DEFAULT_FEE_RANGE
    ));
    let networks = serde_json::to_string(&onramp::ONRAMP_NETWORKS).unwrap();
    out.push_str(&format!(
        "\n/** The card on-ramp's networks (spec §9): [EIP-155 chain id, network name]. */\n\
         export const ONRAMP_NETWORKS: readonly (readonly [number, string])[] = {networks}\n"
    ));
    let sample = serde_json::to_string(&onramp::sample_options()).unwrap();
    out.push_str(&format!(
        "\n/** The built-in sample on-ramp options (spec §7), as frame-host answers them. */\n\
         export const ONRAMP_SAMPLE_OPTIONS = {sample} as const\n"
    ));
    out
}

/// Checks (or with `ORIEL_BLESS`, writes) one generated file under `sdk-react/src/codec/`.
fn check_generated(file: &str, fresh: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../sdk-react/src/codec")
        .join(file);
    if std::env::var_os("ORIEL_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, fresh).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "{} is stale: run ORIEL_BLESS=1 cargo test -p oriel-protocol --test typescript",
        path.display()
    );
}

#[test]
fn generated_typescript_is_current() {
    check_generated("protocol.gen.ts", &declarations());
}

#[test]
fn generated_wire_schema_is_current() {
    check_generated("schema.gen.ts", &wire_schema::typescript());
}

#[test]
fn generated_constants_are_current() {
    check_generated("constants.gen.ts", &constants());
}

#[test]
fn generated_onramp_constants_are_current() {
    check_generated("onramp.gen.ts", &onramp_constants());
}
