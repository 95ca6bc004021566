//! The SDK's protocol types are generated from this crate (ts-rs), never written by hand.
//! This test fails when `sdk-react/src/codec/protocol.gen.ts` is stale; to regenerate:
//! `ORIEL_BLESS=1 cargo test -p oriel-protocol --test typescript`.

use oriel_protocol::*;
use ts_rs::TS;

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

#[test]
fn generated_typescript_is_current() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../sdk-react/src/codec/protocol.gen.ts");
    let fresh = declarations();
    if std::env::var_os("ORIEL_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &fresh).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "{} is stale: run ORIEL_BLESS=1 cargo test -p oriel-protocol --test typescript",
        path.display()
    );
}
