//! The approval screen's rules that need no DOM: which characters it escapes (W4), the warning
//! it shows for them, and when a scrolling box counts as read (W5).

use oriel_signer::keys::Addresses;
use oriel_signer::sign::{parse, Facts, ShownTx, SignRequest, Summary, TxRequest};
use serde_json::json;

use crate::screen::{
    approval_warnings, escaped, is_hidden, pieces, scrolled_to_end, visible, Piece, Requester,
    HIDDEN_CHARACTERS_WARNING,
};

/// A plain requester: the demo's origin and name.
fn lumen() -> Requester {
    Requester::new(Some("https://lumen.app"), Some("Lumen"))
}

/// What the screen shows for `req` when the frame looked nothing up.
fn describe<Tx: ShownTx>(req: &SignRequest<Tx>) -> Summary {
    oriel_signer::sign::describe(req, &Facts::default())
}

fn personal_sign(message: &str) -> Summary {
    describe::<TxRequest>(&SignRequest::PersonalSign {
        message: message.as_bytes().to_vec(),
    })
}

#[test]
fn direction_overrides_are_shown_escaped_not_applied() {
    // W4: this message displayed as "Approve payment of 1000 USDC … Recipient: trusted
    // concern".
    let message =
        "Approve payment of \u{202E}0001\u{202C} USDC. Recipient: \u{202E}nrecnoc detsurt\u{202C}";
    assert_eq!(
        visible(message),
        "Approve payment of ⟨U+202E⟩0001⟨U+202C⟩ USDC. Recipient: ⟨U+202E⟩nrecnoc detsurt⟨U+202C⟩"
    );
    assert_eq!(
        pieces("of \u{202E}0001\u{202C} USDC"),
        vec![
            Piece::Text("of "),
            Piece::Hidden('\u{202E}'),
            Piece::Text("0001"),
            Piece::Hidden('\u{202C}'),
            Piece::Text(" USDC"),
        ]
    );
    assert_eq!(
        approval_warnings(&personal_sign(message), &lumen()),
        vec![HIDDEN_CHARACTERS_WARNING]
    );
}

#[test]
fn line_and_paragraph_separators_are_flagged() {
    // Security review 38: U+2028 and U+2029 break a line where the dapp wants one, as a
    // newline would, but pass a check for control characters.
    for separator in ['\u{2028}', '\u{2029}'] {
        assert!(is_hidden(separator));
        let text = format!("Pay 1 USDC{separator}to Bob");
        assert_eq!(
            approval_warnings(&personal_sign(&text), &lumen()),
            vec![HIDDEN_CHARACTERS_WARNING]
        );
    }
}

#[test]
fn zero_width_characters_are_shown_escaped_and_warned_about() {
    // W4: "lum\u200Ben.app" displayed as "lumen.app".
    assert_eq!(visible("lum\u{200B}en.app"), "lum⟨U+200B⟩en.app");
    assert_eq!(
        approval_warnings(&personal_sign("Log in to lum\u{200B}en.app"), &lumen()),
        vec![HIDDEN_CHARACTERS_WARNING]
    );
}

#[test]
fn every_listed_invisible_or_bidi_character_is_hidden() {
    let hidden = [
        0x00AD, 0x034F, 0x0600, 0x0605, 0x061C, 0x06DD, 0x070F, 0x0890, 0x08E2, 0x115F, 0x1160,
        0x17B4, 0x17B5, 0x180B, 0x180E, 0x180F, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x202A,
        0x202B, 0x202C, 0x202D, 0x202E, 0x2060, 0x2061, 0x2064, 0x2066, 0x2067, 0x2068, 0x2069,
        0x206A, 0x206F, 0x2800, 0x3164, 0xFE00, 0xFE0D, 0xFEFF, 0xFFA0, 0xFFF9, 0xFFFB, 0x110BD,
        0x110CD, 0x13430, 0x1343F, 0x1BCA0, 0x1BCA3, 0x1D173, 0x1D17A, 0xE0001, 0xE0020, 0xE0041,
        0xE007F, 0xE0100, 0xE01EF,
        // Control characters other than line breaks and tabs.
        0x00, 0x07, 0x1B, 0x7F, 0x85, 0x9F,
    ];
    for c in hidden {
        let c = char::from_u32(c).unwrap();
        assert!(is_hidden(c), "{} should be hidden", escaped(c));
    }
}

#[test]
fn ordinary_text_is_shown_as_it_is() {
    let shown = [
        "Welcome to Lumen! Sign to prove you own this address.\nNonce: 7\tok\r\n",
        "Grüße, ¿qué tal? — 1 000 €",
        "שלום עולם", // Hebrew letters are text, not controls
        "مرحبا",
        "日本語のテキスト",
        "I ❤️ emoji 👍🏽 ✌︎", // emoji and text presentation selectors (U+FE0F, U+FE0E)
        "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    ];
    for text in shown {
        assert_eq!(pieces(text), vec![Piece::Text(text)], "{text}");
        assert!(approval_warnings(&personal_sign(text), &lumen()).is_empty());
    }
    assert_eq!(pieces(""), vec![]);
    assert_eq!(escaped('\u{E0041}'), "⟨U+E0041⟩");
    assert_eq!(escaped('\u{AD}'), "⟨U+00AD⟩");
}

#[test]
fn the_requester_and_typed_data_are_checked_too() {
    let plain = personal_sign("hello");
    assert_eq!(
        approval_warnings(
            &plain,
            &Requester::new(Some("http://localhost:5173"), Some("Lu\u{200D}men"))
        ),
        vec![HIDDEN_CHARACTERS_WARNING]
    );
    let typed = |name: &str, contents: &str| {
        const ME: &str = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
        let addresses = Addresses {
            eip155: ME.into(),
            solana: String::new(),
        };
        let params = json!([ME, {
            "types": {
                "EIP712Domain": [{ "name": "name", "type": "string" }],
                "Mail": [{ "name": "contents", "type": "string" }],
            },
            "primaryType": "Mail",
            "domain": { "name": name },
            "message": { "contents": contents },
        }]);
        describe(&parse("eth_signTypedData_v4", &params, &addresses).unwrap())
    };
    assert!(approval_warnings(&typed("Lumen", "Pay 10 to Bob"), &lumen()).is_empty());
    // The domain's name, and a string in the message.
    assert_eq!(
        approval_warnings(&typed("Lu\u{2066}men", "Pay 10 to Bob"), &lumen()),
        vec![HIDDEN_CHARACTERS_WARNING]
    );
    assert_eq!(
        approval_warnings(&typed("Lumen", "Pay \u{202E}01\u{202C} to Bob"), &lumen()),
        vec![HIDDEN_CHARACTERS_WARNING]
    );
}

#[test]
fn a_box_is_read_once_scrolled_to_its_end_or_when_it_fits() {
    // Fits: nothing to scroll.
    assert!(scrolled_to_end(0.0, 300.0, 300.0));
    assert!(scrolled_to_end(0.0, 300.0, 120.0));
    // A long message at its top, midway, and at its end (fractional scroll positions round).
    assert!(!scrolled_to_end(0.0, 300.0, 5000.0));
    assert!(!scrolled_to_end(2000.0, 300.0, 5000.0));
    assert!(scrolled_to_end(4700.0, 300.0, 5000.0));
    assert!(scrolled_to_end(4699.5, 300.0, 5000.0));
}
