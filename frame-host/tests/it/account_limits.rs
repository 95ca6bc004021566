//! Issue 38, L-6: the Blockchain API's reads that reach upstream have per-IP budgets: balances
//! with `forceUpdate` and Bitcoin balances (120 per project per 10 minutes), NFT listings (300),
//! and identities, which share the name lookups' 600.

use crate::common::TestApp;

const Q: &str = "projectId=demo&st=appkit&sv=oriel-react-0.1.0";
const ADDRESS: &str = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";

/// Calls `uri` `n` times, then once more: every call but the last is not a 429, the last is.
async fn budget_of(t: &TestApp, uri: &str, n: usize) {
    for i in 0..n {
        let r = t.get(uri).await;
        assert_ne!(r.status, 429, "call {i} of {uri}: {}", r.body);
    }
    let r = t.get(uri).await;
    let (status, code, message) = r.error();
    assert_eq!((status, code.as_str()), (429, "throttled"), "{uri}");
    assert!(message.starts_with("Please try again after"), "{message}");
}

#[tokio::test]
async fn forced_and_bitcoin_balances_share_a_budget() {
    let t = TestApp::new().await;
    // Unknown networks answer 400 at once: the budget is spent before the chain is read.
    let forced = format!("/v1/account/{ADDRESS}/balance?{Q}&chainId=eip155:999&forceUpdate=true");
    for _ in 0..60 {
        assert_eq!(t.get(&forced).await.status, 400);
    }
    let bitcoin = format!(
        "/v1/account/bc1qexample/balance?{Q}&chainId=bip122:000000000019d6689c085ae165831e93"
    );
    budget_of(&t, &bitcoin, 60).await;
    assert_eq!(t.get(&forced).await.status, 429);
    // Cached reads are not counted.
    let cached = format!("/v1/account/{ADDRESS}/balance?{Q}&chainId=eip155:999");
    assert_eq!(t.get(&cached).await.status, 400);
    // Another client has its own budget.
    let other = t
        .call_from([10, 0, 0, 2], axum::http::Method::GET, &forced, None, None)
        .await;
    assert_eq!(other.status, 400);
    t.advance_secs(600);
    assert_eq!(t.get(&forced).await.status, 400, "a new window");
}

#[tokio::test]
async fn nft_listings_have_a_budget() {
    let t = TestApp::new().await;
    budget_of(&t, &format!("/v1/account/{ADDRESS}/nfts?{Q}"), 300).await;
}

#[tokio::test]
async fn identities_share_the_name_lookup_budget() {
    let t = TestApp::new().await;
    let identity = format!("/v1/identity/{ADDRESS}?{Q}");
    for _ in 0..300 {
        assert_ne!(t.get(&identity).await.status, 429);
    }
    let lookup = format!("/v1/profile/reverse/{ADDRESS}?{Q}");
    budget_of(&t, &lookup, 300).await;
    assert_eq!(t.get(&identity).await.status, 429);
}
