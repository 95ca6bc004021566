//! The on-ramp routes without a provider to reach (`API.md`, "On-ramp"): the spec's fallbacks
//! (the sample options, an estimated quote), the payment methods' limits, every refusal of a
//! malformed request, a provider that cannot be reached (a closed port), the per-IP budget and
//! the Blockchain API's origin rule. `tests/onramp.rs` buys through the sandbox provider.

use crate::common;

use axum::{body::Body, http::Request};
use common::{Reply, TestApp};
use oriel_frame_host::OnrampProviderConfig;
use serde_json::{json, Value};

const USER: &str = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const QUOTE: &str = "/v1/onramp/quote?projectId=demo";
const URL: &str = "/v1/generators/onrampurl?projectId=demo";

/// A provider at a closed port, with a well-formed key.
fn unreachable() -> OnrampProviderConfig {
    let toml = r#"
        id = "sandbox"
        name = "Oriel Sandbox"
        api_url = "http://127.0.0.1:9/onramp"
        pay_url = "http://127.0.0.1:9"
        key_name = "organizations/o/apiKeys/k"
        key_secret = "BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc="
        namespaces = ["eip155", "solana"]
    "#;
    toml::from_str(toml).unwrap()
}

/// An app with a prices file that knows Ether on Ethereum (3000 USD), and `providers`.
async fn app_with(
    providers: Vec<OnrampProviderConfig>,
    change: impl FnOnce(&mut oriel_frame_host::Config),
) -> (TestApp, tempfile::NamedTempFile) {
    let prices = common::json_file(&json!({ "eip155:1/slip44:60": 3000 }));
    let path = prices.path().to_path_buf();
    let app = TestApp::with(move |c| {
        c.prices_file = Some(path);
        c.onramp_providers = providers;
        change(c);
    })
    .await;
    (app, prices)
}

fn quote_body(change: Value) -> Value {
    let mut body = json!({
        "purchaseCurrency": "ETH",
        "paymentCurrency": "USD",
        "amount": "50",
        "network": "ethereum",
    });
    for (key, value) in change.as_object().unwrap() {
        if value.is_null() {
            body.as_object_mut().unwrap().remove(key);
        } else {
            body[key] = value.clone();
        }
    }
    body
}

fn url_body(change: Value) -> Value {
    let mut body = json!({
        "destinationWallets": [{ "address": USER, "blockchains": ["ethereum"], "assets": ["ETH"] }],
        "defaultNetwork": "ethereum",
        "partnerUserId": USER,
        "defaultExperience": "buy",
        "presetFiatAmount": "50",
    });
    for (key, value) in change.as_object().unwrap() {
        body[key] = value.clone();
    }
    body
}

/// `GET uri` from `origin`.
async fn get_from(app: &TestApp, uri: &str, origin: &str) -> Reply {
    let request = Request::get(uri)
        .header("origin", origin)
        .body(Body::empty())
        .unwrap();
    app.send(request).await
}

fn refused(message: &str) -> (u16, String, String) {
    (400, "invalid_params".into(), message.into())
}

#[tokio::test]
async fn without_a_provider_the_sample_options_and_an_estimate_answer() {
    let (app, _prices) = app_with(Vec::new(), |_| {}).await;
    let r = app.get("/v1/onramp/options?projectId=demo").await;
    assert_eq!(r.status, 200, "{}", r.body);
    let options = r.json();
    assert_eq!(options["sample"], true);
    assert_eq!(options["provider"], "");
    assert_eq!(options["providers"], json!([]));
    // Spec §9: card 10.00 to 7500.00, bank account 10.00 to 25000.00, USD and EUR.
    for (i, id) in ["USD", "EUR"].iter().enumerate() {
        assert_eq!(
            options["paymentCurrencies"][i],
            json!({ "id": id, "payment_method_limits": [
                { "id": "card", "min": "10.00", "max": "7500.00" },
                { "id": "ach_bank_account", "min": "10.00", "max": "25000.00" }
            ]})
        );
    }
    let eth = options["purchaseCurrencies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["symbol"] == "ETH")
        .unwrap();
    assert_eq!(
        eth["networks"][0],
        json!({ "name": "ethereum", "display_name": "Ethereum", "chain_id": "1", "contract_address": "" })
    );

    // Spec §7: the quote falls back to an estimate, labelled: the top of the 1-2% fee range,
    // no network fee, the rest at the price source's 3000 USD.
    let r = app.post(QUOTE, quote_body(json!({}))).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        r.json(),
        json!({
            "coinbaseFee": { "amount": "1.00", "currency": "USD" },
            "networkFee": { "amount": "0.00", "currency": "USD" },
            "paymentSubtotal": { "amount": "49.00", "currency": "USD" },
            "paymentTotal": { "amount": "50.00", "currency": "USD" },
            "purchaseAmount": { "amount": "0.01633333", "currency": "ETH" },
            "quoteId": "estimate",
            "provider": "",
            "estimated": true,
        })
    );
    // No price of the asset known (USDC on Base), or paid in EUR: no purchase amount.
    for change in [
        json!({ "purchaseCurrency": "USDC", "network": "base" }),
        json!({ "paymentCurrency": "EUR" }),
    ] {
        let r = app.post(QUOTE, quote_body(change.clone())).await;
        assert_eq!(r.json()["purchaseAmount"], Value::Null, "{change}");
        assert_eq!(r.json()["estimated"], true);
    }
    // A checkout cannot be faked.
    let r = app.post(URL, url_body(json!({}))).await;
    assert_eq!(
        r.error(),
        (
            404,
            "not_found".into(),
            "No on-ramp provider is configured".into()
        )
    );
}

#[tokio::test]
async fn amounts_outside_the_methods_limits_are_refused() {
    let (app, _prices) = app_with(Vec::new(), |_| {}).await;
    let cases = [
        (
            json!({ "amount": "9.99" }),
            "Invalid amount: at least 10.00 USD by card",
        ),
        (
            json!({ "amount": "7500.01" }),
            "Invalid amount: at most 7500.00 USD by card",
        ),
        (
            json!({ "amount": "25000.01", "paymentMethod": "ach_bank_account" }),
            "Invalid amount: at most 25000.00 USD by bank account",
        ),
        (
            json!({ "amount": "7500.01", "paymentCurrency": "EUR" }),
            "Invalid amount: at most 7500.00 EUR by card",
        ),
    ];
    for (change, message) in cases {
        let r = app.post(QUOTE, quote_body(change.clone())).await;
        assert_eq!(r.error(), refused(message), "{change}");
    }
    for (change, total) in [
        (json!({ "amount": "10" }), "10.00"),
        (json!({ "amount": "7500" }), "7500.00"),
        (
            json!({ "amount": "25000", "paymentMethod": "ach_bank_account" }),
            "25000.00",
        ),
    ] {
        let r = app.post(QUOTE, quote_body(change.clone())).await;
        assert_eq!(r.json()["paymentTotal"]["amount"], total, "{change}");
    }
    let r = app
        .post(URL, url_body(json!({ "presetFiatAmount": "5" })))
        .await;
    assert_eq!(r.status, 404, "no provider: nothing else is checked");
}

#[tokio::test]
async fn malformed_requests_are_refused_with_the_rule_they_break() {
    let (app, _prices) = app_with(vec![unreachable()], |_| {}).await;
    let quotes = [
        (json!({ "amount": "abc" }), "Invalid amount: expected a decimal with at most 2 fraction digits, such as 50 or 49.99".to_owned()),
        (json!({ "amount": "1.999" }), "Invalid amount: expected a decimal with at most 2 fraction digits, such as 50 or 49.99".into()),
        (json!({ "amount": "0" }), "Invalid amount: must be above 0".into()),
        (json!({ "paymentCurrency": "GBP" }), "Unsupported paymentCurrency: GBP".into()),
        (json!({ "paymentMethod": "paypal" }), "Unsupported paymentMethod: paypal for USD".into()),
        (json!({ "purchaseCurrency": "DOGE" }), "Unsupported purchaseCurrency: DOGE".into()),
        (json!({ "network": "celo" }), "Unsupported network: celo for ETH".into()),
        (json!({ "network": "x".repeat(300) }), format!("Unsupported network: {}… for ETH", "x".repeat(64))),
        (json!({ "provider": "moonpay" }), "Unknown on-ramp provider: moonpay".into()),
        (json!({ "projectId": "shop" }), "projectId in the body is not the projectId of the query".into()),
    ];
    for (change, message) in quotes {
        let r = app.post(QUOTE, quote_body(change.clone())).await;
        assert_eq!(r.error(), refused(&message), "{change}");
    }
    let r = app
        .post(QUOTE, quote_body(json!({ "country": "US" })))
        .await;
    assert_eq!(r.status, 400);
    assert!(
        r.error().2.contains("unknown field `country`"),
        "{}",
        r.body
    );
    let r = app.post(QUOTE, quote_body(json!({ "amount": null }))).await;
    assert!(r.error().2.contains("missing field `amount`"), "{}", r.body);
    let big = json!({ "purchaseCurrency": "E".repeat(5000) });
    let r = app.post(QUOTE, quote_body(big)).await;
    assert_eq!(r.status, 400);
    assert!(r.error().2.contains("length limit exceeded"), "{}", r.body);

    let sol = "So11111111111111111111111111111111111111112";
    let urls = [
        (json!({ "destinationWallets": [] }), "Invalid destinationWallets: expected 1 to 5 wallets".to_owned()),
        (
            json!({ "destinationWallets": [{ "address": "0x12", "blockchains": ["ethereum"] }] }),
            "Invalid destinationWallets: 0x12 is not an EVM address (0x and 40 hex digits, checksummed when mixed case) or a Solana public key".into(),
        ),
        (
            json!({ "destinationWallets": [{ "address": "0x90F79bf6EB2c4f870365E785982E1f101E93b907", "blockchains": ["ethereum"] }] }),
            "Invalid destinationWallets: 0x90F79bf6EB2c4f870365E785982E1f101E93b907 is not an EVM address (0x and 40 hex digits, checksummed when mixed case) or a Solana public key".into(),
        ),
        (
            json!({ "destinationWallets": [{ "address": USER, "blockchains": [] }] }),
            "Invalid destinationWallets: expected 1 to 10 blockchains per wallet".into(),
        ),
        (
            json!({ "destinationWallets": [{ "address": USER, "blockchains": ["dogechain"] }] }),
            "Unsupported blockchain: dogechain".into(),
        ),
        (
            json!({ "destinationWallets": [{ "address": sol, "blockchains": ["ethereum"] }] }),
            format!("Invalid destinationWallets: {sol} cannot receive on ethereum"),
        ),
        (
            json!({ "destinationWallets": [{ "address": USER, "blockchains": ["ethereum"], "assets": ["DOGE"] }] }),
            "Unsupported asset: DOGE".into(),
        ),
        (json!({ "defaultExperience": "send" }), "Invalid defaultExperience: expected buy".into()),
        (json!({ "partnerUserId": "" }), "Invalid partnerUserId: expected 1 to 128 visible characters".into()),
        (json!({ "presetFiatAmount": "5" }), "Invalid amount: at least 10.00 USD by card".into()),
        (json!({ "presetFiatAmount": "5.555" }), "Invalid presetFiatAmount: expected a decimal with at most 2 fraction digits, such as 50 or 49.99".into()),
        (json!({ "fiatCurrency": "GBP" }), "Unsupported paymentCurrency: GBP".into()),
        (json!({ "presetCryptoAmount": "0" }), "Invalid presetCryptoAmount: expected a decimal above 0 with at most 18 fraction digits".into()),
        (json!({ "defaultPaymentMethod": "paypal" }), "Unsupported paymentMethod: paypal for USD".into()),
        (json!({ "quoteId": "q".repeat(129) }), "Invalid quoteId: expected 1 to 128 visible characters".into()),
    ];
    for (change, message) in urls {
        let r = app.post(URL, url_body(change.clone())).await;
        assert_eq!(r.error(), refused(&message), "{change}");
    }
    // A provider for eip155 only refuses Solana wallets.
    let mut eip155_only = unreachable();
    eip155_only.namespaces = vec!["eip155".into()];
    let (only, _prices) = app_with(vec![eip155_only], |_| {}).await;
    let body =
        url_body(json!({ "destinationWallets": [{ "address": sol, "blockchains": ["solana"] }] }));
    assert_eq!(
        only.post(URL, body).await.error(),
        refused("Invalid destinationWallets: Oriel Sandbox does not deliver to solana addresses")
    );
    for uri in [
        "/v1/account/0x12/history?projectId=demo&onramp=sandbox",
        "/v1/account/0x90F79bf6EB2c4f870365E785982E1f101E93b906/history?projectId=demo&onramp=moonpay",
        "/v1/account/0x90F79bf6EB2c4f870365E785982E1f101E93b906/history?projectId=demo&onramp=sandbox&cursor=a%20b",
    ] {
        assert_eq!(app.get(uri).await.status, 400, "{uri}");
    }
}

#[tokio::test]
async fn a_provider_that_cannot_be_reached_falls_back_or_says_so() {
    let (app, _prices) = app_with(vec![unreachable()], |_| {}).await;
    let options = app.get("/v1/onramp/options?projectId=demo").await.json();
    assert_eq!(options["sample"], true);
    assert_eq!(options["provider"], "sandbox");
    assert_eq!(
        options["providers"],
        json!([{ "id": "sandbox", "name": "Oriel Sandbox", "feeRange": "1-2%", "namespaces": ["eip155", "solana"] }])
    );
    let quote = app.post(QUOTE, quote_body(json!({}))).await.json();
    assert_eq!(quote["estimated"], true);
    assert_eq!(quote["provider"], "sandbox");
    assert_eq!(quote["purchaseAmount"]["amount"], "0.01633333");
    let r = app.post(URL, url_body(json!({}))).await;
    assert_eq!(
        r.error(),
        (
            502,
            "upstream".into(),
            "Oriel Sandbox could not open a checkout: try again later".into()
        )
    );
    let r = app
        .get(&format!(
            "/v1/account/{USER}/history?projectId=demo&onramp=sandbox"
        ))
        .await;
    assert_eq!(
        r.error(),
        (
            502,
            "upstream".into(),
            "Oriel Sandbox: purchases could not be read, try again later".into()
        )
    );
}

#[tokio::test]
async fn the_origin_rule_and_the_per_ip_budget_apply() {
    let (app, _prices) = app_with(Vec::new(), |c| c.onramp_requests_per_ip = 2).await;
    let options = "/v1/onramp/options?projectId=demo";
    let foreign = get_from(&app, options, "https://evil.example").await;
    assert_eq!(
        foreign.error(),
        (403, "forbidden".into(), "Origin not allowed".into())
    );
    let ours = get_from(&app, options, "http://localhost:5173").await;
    assert_eq!(
        ours.header("access-control-allow-origin"),
        "http://localhost:5173"
    );
    assert_eq!(app.post(QUOTE, quote_body(json!({}))).await.status, 200);
    let r = app.get(options).await;
    assert_eq!(r.status, 429, "{}", r.body);
    assert!(
        r.error().2.starts_with("Please try again after "),
        "{}",
        r.body
    );
    // The history route's own budget is untouched; its onramp parameter counts here.
    let history = format!("/v1/account/{USER}/history?projectId=demo&onramp=sandbox");
    assert_eq!(app.get(&history).await.status, 429);
    assert_eq!(
        app.get("/v1/onramp/options").await.error(),
        refused("missing projectId")
    );
}
