//! Fake tokens and address poisoning in the history and the balances (issue 38, L-9), on a
//! real hardhat node with the indexer: only the coin and the operator's `[[tokens]]` are
//! `verified` (a counterfeit named and symbolled like a listed token is not); a `transferFrom`
//! of 0 in the account's name is not in the history at all (the indexer keeps no zero-amount
//! transfer), and a payment from an address with the same first and last 4 hex digits as one
//! the account paid is marked `hidden`, which the widget hides by default.

use crate::common;
use crate::indexer_common;

use std::time::Duration;

use common::TestApp;
use indexer_common::{scenario, Devnet, CHAIN, DEPLOYER, HOLDER, OTHER};
use oriel_frame_host::TokenConfig;
use serde_json::{json, Value};

/// Hardhat's unlocked account #3, the attacker.
const ATTACKER: &str = "0x90f79bf6eb2c4f870365e785982e1f101e93b906";
/// OTHER (`0x3c44…93bc`), whom HOLDER pays, as the attacker's vanity address mimics it.
const FAKE_OTHER: &str = "0x3c44000000000000000000000000000000a093bc";

/// The one transfer of the history entry of `hash`.
fn transfer_of(entries: &[Value], hash: &str) -> Value {
    let entry = entries
        .iter()
        .find(|e| e["metadata"]["hash"] == hash)
        .unwrap_or_else(|| panic!("{hash} is not in the history"));
    let transfers = entry["transfers"].as_array().unwrap();
    assert_eq!(transfers.len(), 1, "{entry}");
    transfers[0].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fake_tokens_are_unverified_and_poisoning_transfers_hidden() {
    let devnet = Devnet::start().await;
    let dusd = devnet.token(0);
    let prices = common::json_file(&scenario::prices(&devnet));
    let listed = dusd.clone();
    let app = TestApp::with(|c| {
        scenario::configure(c, &devnet, prices.path());
        c.tokens = vec![TokenConfig {
            chain_id: CHAIN.into(),
            address: Some(listed),
            symbol: "dUSD".into(),
            name: "Devnet Dollar".into(),
            decimals: 6,
            icon_url: None,
        }];
    })
    .await;
    let indexers = oriel_frame_host::tasks::indexers(&app.state).unwrap();

    // HOLDER gets dUSD and pays OTHER: OTHER is an address HOLDER transacted with.
    let received = devnet.transfer(&dusd, DEPLOYER, HOLDER, 1_500_000).await;
    let paid = devnet.transfer(&dusd, HOLDER, OTHER, 250_000).await;
    // A counterfeit dUSD, named and symbolled like the listed one, airdropped to HOLDER.
    let fake = devnet
        .deploy_token(ATTACKER, "Devnet Dollar", "dUSD", 6)
        .await;
    let airdrop = devnet.transfer(&fake, ATTACKER, HOLDER, 5_000_000).await;
    // transferFrom(HOLDER, FAKE_OTHER, 0) on the real dUSD: no allowance needed for 0, and
    // HOLDER's history now shows a payment to the look-alike.
    let zero = format!(
        "0x23b872dd{:0>64}{:0>64}{:064x}",
        &HOLDER[2..],
        &FAKE_OTHER[2..],
        0
    );
    let zero = devnet.send(ATTACKER, &dusd, 0, &zero).await;
    // The look-alike pays HOLDER a wei, to sit next to OTHER in the history.
    devnet.impersonate(FAKE_OTHER).await;
    let dust = devnet.send(FAKE_OTHER, HOLDER, 1, "0x").await;
    // HOLDER itself pays the look-alike (fooled): what it signed is never hidden.
    let fooled = devnet.send(HOLDER, FAKE_OTHER, 2, "0x").await;
    devnet
        .indexed(&app.state, CHAIN, Duration::from_secs(30))
        .await;

    let entries: Vec<Value> = scenario::all_pages(&app, HOLDER, "")
        .await
        .iter()
        .flat_map(|p| p["data"].as_array().unwrap().clone())
        .collect();
    let info = |hash: &str| transfer_of(&entries, hash)["fungible_info"].clone();
    let hidden = |hash: &str| transfer_of(&entries, hash).get("hidden").cloned();

    // The zero-value transferFrom moved nothing: it is not in the history.
    assert!(entries
        .iter()
        .all(|e| e["metadata"]["hash"] != zero.as_str()));
    assert_eq!(entries.len(), 5);
    // The listed dUSD and the coin are verified; the counterfeit is not, whatever it says.
    for hash in [&received, &paid] {
        assert_eq!(info(hash)["verified"], json!(true), "{hash}");
        assert_eq!(info(hash)["symbol"], "dUSD");
    }
    assert_eq!(info(&dust)["verified"], json!(true));
    assert_eq!(
        info(&airdrop),
        json!({ "name": "Devnet Dollar", "symbol": "dUSD", "icon": null, "verified": false })
    );

    // Hidden by default: the look-alike's payment; shown: the rest.
    assert_eq!(hidden(&dust), Some(json!("lookAlike")));
    for hash in [&received, &paid, &airdrop, &fooled] {
        assert_eq!(hidden(hash), None, "{hash}");
    }

    // The balances: the counterfeit the indexer saw HOLDER receive is listed, unverified.
    let r = app
        .get(&scenario::uri(
            "balance",
            HOLDER,
            &format!("&chainId={CHAIN}&forceUpdate=true"),
        ))
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let balances: Vec<(Value, Value, Value)> = r.json()["balances"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["address"].clone(),
                b["quantity"]["numeric"].clone(),
                b["verified"].clone(),
            )
        })
        .collect();
    assert_eq!(
        balances,
        [
            (Value::Null, balances[0].1.clone(), json!(true)),
            (json!(format!("{CHAIN}:{dusd}")), json!("1.25"), json!(true)),
            (json!(format!("{CHAIN}:{fake}")), json!("5"), json!(false)),
        ]
    );
    indexers.stop().await;
}
