//! The convert API against a real exchange: a hardhat node from the checkout's node_modules
//! (`npm ci` first) with the devnet contracts and Uniswap V2 deployed by `devnet/deploy.mjs`,
//! frame-host reading them from the contracts file as `make demo` does. Quotes are checked
//! against the pools' reserves (the constant-product formula) and the router itself, and the
//! built transactions are sent from an unlocked hardhat account: they really move the quoted
//! amounts.

use crate::common;
use crate::convert_common;

use alloy_primitives::{hex, U256};
use alloy_sol_types::SolCall;
use common::{devnet::rpc, TestApp};
use convert_common::*;
use oriel_frame_host::{ExchangeConfig, NetworkConfig};
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quotes_follow_the_pools_and_built_swaps_pay_them() {
    let s = Setup::start().await;
    let (dusd, dev) = (s.token("dUSD"), s.token("DEV"));
    let (weth, router) = (s.address("/uniswapV2/weth"), s.address("/uniswapV2/router"));

    // The swappable tokens: the native coin, then the devnet tokens that have a pool.
    let tokens = s
        .get("/v1/convert/tokens?projectId=demo&chainId=eip155:31337")
        .await;
    let token = |name: &str, symbol: &str, address: String, decimals: u8| {
        json!({
            "name": name, "symbol": symbol, "address": address, "decimals": decimals,
            "logoUri": format!("https://wallet.test/public/getTokenImage/{symbol}?projectId=demo"),
        })
    };
    let want = json!({ "tokens": [
        token("Ether", "ETH", ETH.into(), 18),
        token("Devnet Dollar", "dUSD", s.caip(dusd), 6),
        token("Devnet Token", "DEV", s.caip(dev), 18),
        token("Devnet Tether", "dUSDT", s.caip(s.token("dUSDT")), 6),
    ]});
    assert_eq!(tokens, want);
    for token in want["tokens"].as_array().unwrap() {
        let icon = token["logoUri"]
            .as_str()
            .unwrap()
            .trim_start_matches("https://wallet.test");
        let r = s.app.get(icon).await;
        assert_eq!(
            (r.status.as_u16(), r.header("content-type")),
            (200, "image/svg+xml"),
            "{icon}"
        );
    }

    // A token without a pool has no route.
    let nft = s.caip(s.address("/nft/address"));
    let uri = format!(
        "/v1/convert/quotes?projectId=demo&amount=1000&userAddress={USER}&from={ETH}&to={nft}"
    );
    let message = format!("No pool route from {ETH} to {nft}");
    assert_eq!(
        s.app.get(&uri).await.error(),
        (400, "invalid_params".into(), message)
    );

    // ETH -> dUSD: the pool as seeded, the constant-product formula and the router agree.
    let sent = units(1, 17);
    let (r_weth, r_dusd) = s.reserves("dUSD").await;
    assert_eq!((r_weth, r_dusd), (units(100, 18), units(300_000, 6)));
    let expected = amount_out(sent, r_weth, r_dusd);
    let router_says = s
        .call(
            router,
            getAmountsOutCall {
                amountIn: sent,
                path: vec![weth, dusd],
            },
        )
        .await;
    assert_eq!(router_says.last(), Some(&expected));
    let quote = s.quote(ETH, &s.caip(dusd), sent).await;
    assert_eq!(
        quote,
        json!({
            "fromAmount": sent.to_string(), "fromAccount": ETH,
            "toAmount": expected.to_string(), "toAccount": s.caip(dusd),
            "path": [s.caip(weth), s.caip(dusd)],
            // 0.3% fee, 0.1% for 0.1 ETH against 100.
            "priceImpact": 0.4,
        })
    );

    // dUSD -> DEV: no direct pool, so through WETH, hop by hop as the formula says.
    let hundred = units(100, 6);
    let (w1, d1) = s.reserves("dUSD").await;
    let (w2, v2) = s.reserves("DEV").await;
    let two_hops = amount_out(amount_out(hundred, d1, w1), w2, v2);
    let quote = s.quote(&s.caip(dusd), &s.caip(dev), hundred).await;
    assert_eq!(quote["toAmount"], two_hops.to_string());
    assert_eq!(
        quote["path"],
        json!([s.caip(dusd), s.caip(weth), s.caip(dev)])
    );
    let router_says = s
        .call(
            router,
            getAmountsOutCall {
                amountIn: hundred,
                path: vec![dusd, weth, dev],
            },
        )
        .await;
    assert_eq!(router_says.last(), Some(&two_hops));

    // The built ETH -> dUSD swap, sent by the user, pays exactly the quote (at least the
    // minimum of a 1% slippage).
    let reply = s.build(USER, ETH, &s.caip(dusd), sent, json!("1")).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let built = reply.json();
    let min = expected * U256::from(99) / U256::from(100);
    assert_eq!(built["toAmount"], expected.to_string());
    assert_eq!(built["toAmountMin"], min.to_string());
    assert_eq!(built["slippage"], 1.0);
    assert_eq!(built["tx"]["to"], s.caip(router));
    assert_eq!(built["tx"]["value"], sent.to_string());
    assert!(
        built["tx"]["eip155"]["gas"]
            .as_str()
            .unwrap()
            .parse::<u64>()
            .unwrap()
            > 21_000
    );
    let data = hex::decode(built["tx"]["data"].as_str().unwrap()).unwrap();
    let call = swapExactETHForTokensCall::abi_decode(&data).unwrap();
    assert_eq!(
        (call.amountOutMin, call.path, call.to, call.deadline),
        (
            min,
            vec![weth, dusd],
            USER.parse().unwrap(),
            U256::from(built["deadline"].as_u64().unwrap())
        )
    );
    let before = s.balance(dusd, USER).await;
    s.send(USER, &built["tx"]).await.unwrap();
    assert_eq!(s.balance(dusd, USER).await - before, expected);

    // The minimum protects: a swap built at 0.5% that the market outruns reverts and costs
    // the user no tokens.
    let built = s
        .build(USER, ETH, &s.caip(dusd), units(1, 18), json!(0.5))
        .await
        .json();
    let trader = s
        .build(TRADER, ETH, &s.caip(dusd), units(10, 18), json!(1))
        .await
        .json();
    s.send(TRADER, &trader["tx"]).await.unwrap();
    let before = s.balance(dusd, USER).await;
    let refused = s.send(USER, &built["tx"]).await.unwrap_err();
    assert!(
        refused.contains("UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT"),
        "{refused}"
    );
    assert_eq!(s.balance(dusd, USER).await, before);

    // dUSD -> DEV needs the router approved first (unlimited without an amount).
    let allowance = format!(
        "/v1/convert/allowance?projectId=demo&tokenAddress={}&userAddress={CHAIN}:{USER}",
        s.caip(dusd)
    );
    assert_eq!(s.get(&allowance).await, json!({ "allowance": "0" }));
    let approve = s
        .get(&format!(
            "/v1/convert/build-approve?projectId=demo&userAddress={CHAIN}:{USER}&from={}&to={}",
            s.caip(dusd),
            s.caip(dev)
        ))
        .await;
    assert_eq!(approve["tx"]["to"], s.caip(dusd));
    let want = approveCall {
        spender: router,
        amount: U256::MAX,
    }
    .abi_encode();
    assert_eq!(approve["tx"]["data"], hex::encode_prefixed(want));
    s.send(USER, &approve["tx"]).await.unwrap();
    assert_eq!(
        s.get(&allowance).await,
        json!({ "allowance": U256::MAX.to_string() })
    );
    let quote = s.quote(&s.caip(dusd), &s.caip(dev), hundred).await;
    let built = s
        .build(USER, &s.caip(dusd), &s.caip(dev), hundred, json!(1))
        .await
        .json();
    assert_eq!(built["toAmount"], quote["toAmount"]);
    let before = s.balance(dev, USER).await;
    s.send(USER, &built["tx"]).await.unwrap();
    assert_eq!(
        s.balance(dev, USER).await - before,
        amount(&quote["toAmount"])
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn selling_a_token_for_ether_needs_an_approval_first() {
    let s = Setup::start().await;
    let usdt = s.token("dUSDT");
    let router = s.address("/uniswapV2/router");
    let sold = units(500, 6);
    let allowance = format!(
        "/v1/convert/allowance?projectId=demo&tokenAddress={}&userAddress={CHAIN}:{USER}",
        s.caip(usdt)
    );
    assert_eq!(s.get(&allowance).await, json!({ "allowance": "0" }));
    let native =
        format!("/v1/convert/allowance?projectId=demo&tokenAddress={ETH}&userAddress={USER}");
    assert_eq!(
        s.get(&native).await,
        json!({ "allowance": U256::MAX.to_string() })
    );

    // Not approved: the estimate says the swap would fail; without an estimate it is built.
    let r = s.build(USER, &s.caip(usdt), ETH, sold, json!(1)).await;
    let (status, code, message) = r.error();
    assert_eq!((status, code.as_str()), (400, "invalid_params"));
    assert!(
        message.starts_with("The transaction would fail: "),
        "{message}"
    );
    let body = json!({
        "amount": sold.to_string(), "from": s.caip(usdt), "to": ETH,
        "userAddress": format!("{CHAIN}:{USER}"), "disableEstimate": true,
    });
    let r = s
        .app
        .post("/v1/convert/build-transaction?projectId=demo", body)
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["tx"]["eip155"]["gas"], Value::Null);
    assert_eq!(r.json()["slippage"], 1.0, "spec §9's default");

    // The approval of exactly the amount, then the swap, which pays the quote in ether.
    let approve = s
        .get(&format!(
            "/v1/convert/build-approve?projectId=demo&userAddress={CHAIN}:{USER}&from={}&to={ETH}&amount={sold}",
            s.caip(usdt)
        ))
        .await;
    assert_eq!(approve["tx"]["value"], "0");
    let want = approveCall {
        spender: router,
        amount: sold,
    }
    .abi_encode();
    assert_eq!(approve["tx"]["data"], hex::encode_prefixed(want));
    s.send(USER, &approve["tx"]).await.unwrap();
    assert_eq!(
        s.get(&allowance).await,
        json!({ "allowance": sold.to_string() })
    );
    let (r_weth, r_usdt) = s.reserves("dUSDT").await;
    let expected = amount_out(sold, r_usdt, r_weth);
    let quote = s.quote(&s.caip(usdt), ETH, sold).await;
    assert_eq!(quote["toAmount"], expected.to_string());
    let built = s
        .build(USER, &s.caip(usdt), ETH, sold, json!(1))
        .await
        .json();
    assert_eq!(built["toAmount"], expected.to_string());
    assert_eq!(&built["tx"]["data"].as_str().unwrap()[..10], "0x18cbafe5");
    let (ether_before, usdt_before) = (s.ether(USER).await, s.balance(usdt, USER).await);
    let receipt = s.send(USER, &built["tx"]).await.unwrap();
    let fee = quantity(&receipt["gasUsed"]) * quantity(&receipt["effectiveGasPrice"]);
    assert_eq!(s.ether(USER).await + fee - ether_before, expected);
    assert_eq!(usdt_before - s.balance(usdt, USER).await, sold);
    assert_eq!(
        s.get(&allowance).await,
        json!({ "allowance": "0" }),
        "spent"
    );

    // Gas prices: the node's own, then faster speeds never below it.
    let prices = s
        .get("/v1/convert/gas-price?projectId=demo&chainId=eip155:31337")
        .await;
    let node = quantity(&rpc(&s.devnet.url, "eth_gasPrice", json!([])).await.unwrap());
    let speed = |name: &str| amount(&prices[name]);
    assert_eq!(speed("standard"), node);
    assert!(
        speed("standard") <= speed("fast") && speed("fast") <= speed("instant"),
        "{prices}"
    );

    // An operator's [[exchanges]] entry for the same deployment, without `weth` (read from
    // the router) and without the contracts file, quotes the same.
    let (url, factory) = (s.devnet.url.clone(), s.address("/uniswapV2/factory"));
    let operator = TestApp::with(move |c| {
        c.networks = vec![NetworkConfig {
            chain_id: CHAIN.into(),
            rpc_urls: vec![url],
            ..NetworkConfig::default()
        }];
        c.swap_networks.push(CHAIN.into());
        c.exchanges = vec![ExchangeConfig::new(
            CHAIN,
            &router.to_string(),
            &factory.to_string(),
            None,
        )];
    })
    .await;
    let uri = format!(
        "/v1/convert/quotes?projectId=demo&amount=1000000000000000000&userAddress={USER}&from={ETH}&to={}",
        s.caip(usdt)
    );
    let theirs = operator.get(&uri).await;
    assert_eq!(theirs.status, 200, "{}", theirs.body);
    assert_eq!(theirs.json(), s.get(&uri).await);
}
