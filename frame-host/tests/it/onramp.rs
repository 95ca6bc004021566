//! A purchase through the sandbox provider (`stack/onrampSandbox.mjs`, which speaks
//! Coinbase Onramp's REST API with a CDP JWT per request) on a hardhat devnet: its options and
//! quote through frame-host, a checkout session for the user's wallet, the test card paid on
//! the sandbox's own page, the ETH really sent on the devnet (exactly the quoted amount), and
//! the purchase in the history route's `onramp` answer. Then the fallbacks a live provider can
//! need: a key it refuses (the sample options) and an outage after the options were read (an
//! estimate). `npm ci` first (hardhat, viem).

use crate::common;

use std::time::{Duration, Instant};

use common::{
    devnet::{rpc, Devnet},
    sandbox::Sandbox,
    TestApp,
};
use oriel_frame_host::{NetworkConfig, OnrampProviderConfig};
use serde_json::{json, Value};

const CHAIN: &str = "eip155:31337";
/// Hardhat's account #5 (nothing else in these tests uses it).
const USER: &str = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc";

/// frame-host on the devnet with `provider`, and the prices file it reads.
async fn frame_host(
    devnet: &Devnet,
    contracts: &std::path::Path,
    provider: OnrampProviderConfig,
) -> (TestApp, tempfile::NamedTempFile) {
    let prices = common::json_file(&json!({ "eip155:31337/slip44:60": 3000 }));
    let (url, file, path) = (
        devnet.url.clone(),
        contracts.to_path_buf(),
        prices.path().to_path_buf(),
    );
    let app = TestApp::with(move |c| {
        c.networks = vec![NetworkConfig {
            chain_id: CHAIN.into(),
            rpc_urls: vec![url],
            ..NetworkConfig::default()
        }];
        c.devnet_contracts = Some(file);
        c.prices_file = Some(path);
        c.onramp_providers = vec![provider];
    })
    .await;
    (app, prices)
}

async fn balance(devnet: &Devnet) -> u128 {
    let hex = rpc(&devnet.url, "eth_getBalance", json!([USER, "latest"]))
        .await
        .unwrap();
    u128::from_str_radix(hex.as_str().unwrap().trim_start_matches("0x"), 16).unwrap()
}

/// `amount` (whole ETH with at most 18 decimals) in wei.
fn wei(amount: &str) -> u128 {
    let (whole, fraction) = amount.split_once('.').unwrap_or((amount, ""));
    whole.parse::<u128>().unwrap() * 10u128.pow(18)
        + format!("{fraction:0<18}").parse::<u128>().unwrap()
}

/// The value of `name` in a URL's query.
fn param(url: &str, name: &str) -> Option<String> {
    url::Url::parse(url)
        .unwrap()
        .query_pairs()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.into_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_purchase_through_the_sandbox_lands_on_chain_and_in_the_history() {
    let devnet = Devnet::start().await;
    let contracts = devnet.deploy();
    let file = common::json_file(&contracts);
    let mut sandbox = Sandbox::start(&devnet.url, file.path());
    let (app, _prices) = frame_host(&devnet, file.path(), sandbox.provider.clone()).await;

    // The provider's options, with its limits and the devnet's assets.
    let options = app.get("/v1/onramp/options?projectId=demo").await.json();
    assert_eq!(options["sample"], false, "{options}");
    assert_eq!(options["provider"], "sandbox");
    assert_eq!(
        options["providers"],
        json!([{ "id": "sandbox", "name": "Oriel Sandbox", "feeRange": "1-2%", "namespaces": ["eip155"] }])
    );
    assert_eq!(
        options["paymentCurrencies"][0],
        json!({ "id": "USD", "payment_method_limits": [
            { "id": "card", "min": "10.00", "max": "7500.00" },
            { "id": "ach_bank_account", "min": "10.00", "max": "25000.00" }
        ]})
    );
    let eth = &options["purchaseCurrencies"][0];
    assert_eq!(eth["symbol"], "ETH");
    assert_eq!(
        eth["networks"],
        json!([{ "name": "oriel-devnet", "display_name": "Local Devnet", "chain_id": "31337", "contract_address": "" }])
    );
    let dusd = options["purchaseCurrencies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["symbol"] == "dUSD")
        .unwrap();
    assert_eq!(
        dusd["networks"][0]["contract_address"]
            .as_str()
            .unwrap()
            .to_ascii_lowercase(),
        contracts["tokens"][0]["address"]
            .as_str()
            .unwrap()
            .to_ascii_lowercase()
    );

    // The provider's quote: 1.5% and 0.10 USD of fees, the rest at 3000 USD per ETH.
    let quote_body = json!({ "purchaseCurrency": "eth", "paymentCurrency": "USD", "amount": "50", "network": "oriel-devnet" });
    let r = app
        .post("/v1/onramp/quote?projectId=demo", quote_body.clone())
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let quote = r.json();
    assert_eq!(quote["estimated"], false);
    assert_eq!(quote["provider"], "sandbox");
    assert_eq!(
        quote["paymentTotal"],
        json!({ "amount": "50.00", "currency": "USD" })
    );
    assert_eq!(
        quote["coinbaseFee"],
        json!({ "amount": "0.75", "currency": "USD" })
    );
    assert_eq!(
        quote["networkFee"],
        json!({ "amount": "0.10", "currency": "USD" })
    );
    assert_eq!(
        quote["paymentSubtotal"],
        json!({ "amount": "49.15", "currency": "USD" })
    );
    assert_eq!(
        quote["purchaseAmount"],
        json!({ "amount": "0.01638333", "currency": "ETH" })
    );
    let quote_id = quote["quoteId"].as_str().unwrap().to_owned();
    assert_ne!(quote_id, "estimate");
    // frame-host holds a quote to the limits of the provider's options.
    let r = app
        .post("/v1/onramp/quote?projectId=demo", json!({ "purchaseCurrency": "eth", "paymentCurrency": "USD", "amount": "9", "network": "oriel-devnet" }))
        .await;
    assert_eq!(r.error().2, "Invalid amount: at least 10.00 USD by card");

    // A checkout for the user's wallet; the provider sees the buyer only as a keyed hash.
    let r = app
        .post(
            "/v1/generators/onrampurl?projectId=demo",
            json!({
                "destinationWallets": [{ "address": USER, "blockchains": ["oriel-devnet"], "assets": ["ETH"] }],
                "defaultNetwork": "base",
                "partnerUserId": USER,
                "defaultExperience": "buy",
                "presetFiatAmount": "50",
                "fiatCurrency": "USD",
                "defaultAsset": "eth",
                "quoteId": quote_id,
            }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let url = r.json()["url"].as_str().unwrap().to_owned();
    assert!(
        url.starts_with(&format!("{}/buy/select-asset?sessionToken=", sandbox.url)),
        "{url}"
    );
    // Not a network of the provider: the first wallet's (Ethereum, the spec's fallback, is none either).
    assert_eq!(
        param(&url, "defaultNetwork").as_deref(),
        Some("oriel-devnet")
    );
    let partner_ref = param(&url, "partnerUserId").unwrap();
    assert_eq!(partner_ref.len(), 40);
    assert!(!partner_ref.eq_ignore_ascii_case(&USER[2..]));
    assert_eq!(param(&url, "quoteId").as_deref(), Some(quote_id.as_str()));

    // The buyer pays on the sandbox's page (its own origin) with the test card.
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let page = http.get(&url).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .contains("default-src 'none'"));
    let html = page.text().await.unwrap();
    assert!(
        html.contains("0.01638333 ETH"),
        "the page shows the quote: {html}"
    );
    let before = balance(&devnet).await;
    let form = |card: &str| {
        url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs([
                (
                    "sessionToken",
                    param(&url, "sessionToken").unwrap().as_str(),
                ),
                ("quoteId", quote_id.as_str()),
                ("partnerUserId", partner_ref.as_str()),
                ("network", "oriel-devnet"),
                ("asset", "eth"),
                ("wallet", USER),
                ("amount", "50.00"),
                ("currency", "USD"),
                ("method", "CARD"),
                ("card", card),
                ("expiry", "12/40"),
                ("cvc", "123"),
            ])
            .finish()
    };
    let pay = |body: String| {
        http.post(format!("{}/buy/pay", sandbox.url))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body)
            .send()
    };
    let declined = pay(form("4000 0000 0000 0002")).await.unwrap();
    assert_eq!(declined.status(), 400);
    assert!(declined
        .text()
        .await
        .unwrap()
        .contains("Your card was declined."));
    let paid = pay(form("4242 4242 4242 4242")).await.unwrap();
    assert_eq!(paid.status(), 303);

    // The quoted ETH reaches the wallet on chain, and the history says so.
    let deadline = Instant::now() + Duration::from_secs(20);
    while balance(&devnet).await == before {
        assert!(Instant::now() < deadline, "nothing arrived");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(balance(&devnet).await - before, wei("0.01638333"));
    let history = format!("/v1/account/{USER}/history?projectId=demo&onramp=sandbox");
    let purchases = loop {
        let r = app.get(&history).await;
        assert_eq!(r.status, 200, "{}", r.body);
        let reply = r.json();
        if reply["data"][0]["status"] == "success" {
            break reply;
        }
        assert!(Instant::now() < deadline, "{reply}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let purchase = &purchases["data"][0];
    assert_eq!(purchases["data"].as_array().unwrap().len(), 1);
    assert_eq!(purchases["next"], Value::Null);
    assert_eq!(purchase["provider"], "sandbox");
    assert_eq!(
        purchase["purchaseAmount"],
        json!({ "amount": "0.01638333", "currency": "ETH" })
    );
    assert_eq!(
        purchase["paymentTotal"],
        json!({ "amount": "50.00", "currency": "USD" })
    );
    assert_eq!(purchase["network"], "oriel-devnet");
    assert_eq!(purchase["chain"], CHAIN);
    assert_eq!(purchase["walletAddress"], USER);
    let tx_hash = purchase["txHash"].as_str().unwrap();
    let receipt = rpc(&devnet.url, "eth_getTransactionReceipt", json!([tx_hash]))
        .await
        .unwrap();
    assert_eq!(
        receipt["to"].as_str().unwrap().to_ascii_lowercase(),
        USER.to_ascii_lowercase()
    );
    // Any case of the address names the same buyer.
    let lower = history.replace(USER, &USER.to_ascii_lowercase());
    assert_eq!(app.get(&lower).await.json()["data"], purchases["data"]);

    // A key the provider does not know: its options are refused, the sample options answer.
    let mut wrong = sandbox.provider.clone();
    wrong.key_secret = "BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=".into();
    let (stranger, _p) = frame_host(&devnet, file.path(), wrong).await;
    let options = stranger
        .get("/v1/onramp/options?projectId=demo")
        .await
        .json();
    assert_eq!(options["sample"], true);

    // The provider goes away after frame-host read its options: quotes become estimates of
    // the provider's own assets, priced by frame-host's price source.
    sandbox.stop();
    let r = app
        .post("/v1/onramp/quote?projectId=demo", quote_body)
        .await;
    let estimate = r.json();
    assert_eq!(estimate["estimated"], true, "{estimate}");
    assert_eq!(estimate["provider"], "sandbox");
    assert_eq!(
        estimate["coinbaseFee"],
        json!({ "amount": "1.00", "currency": "USD" })
    );
    assert_eq!(
        estimate["purchaseAmount"],
        json!({ "amount": "0.01633333", "currency": "ETH" })
    );
    assert_eq!(app.get(&history).await.status, 502);
}
