//! The WalletConnect Explorer API v3 wallet listing (`GET /v3/wallets`), as it answers
//! (`{ listings: { id: Listing }, count, total }`), and how an entry becomes our [`Wallet`].
//!
//! The listing's field names and nullable links are the API's; an entry that cannot become a
//! valid wallet (no https homepage, an id that is not 64 hex digits, …) is left out, and a link
//! or chain id we cannot use is dropped from an entry that stays.

use std::fmt;

use oriel_protocol::caip::is_caip2;
use serde::{
    de::{MapAccess, Visitor},
    Deserialize, Deserializer,
};

use super::wallet::{
    check_https, is_image_id, is_native_link, is_rdns, is_wallet_id, BadgeType, Links, Wallet,
    WalletRules,
};

/// One page of `GET /v3/wallets`.
#[derive(Debug, Deserialize)]
pub(crate) struct Page {
    /// The page's entries in the API's order, each as the JSON it sent.
    pub(crate) listings: Ordered,
    /// How many wallets the API lists in all, when it says.
    #[serde(default)]
    pub(crate) total: Option<u64>,
}

/// A JSON object's values in the order they came (a map would sort them by key).
#[derive(Debug, Default)]
pub(crate) struct Ordered(pub(crate) Vec<serde_json::Value>);

impl<'de> Deserialize<'de> for Ordered {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Values;
        impl<'de> Visitor<'de> for Values {
            type Value = Ordered;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object of listings by id")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Ordered, A::Error> {
                let mut values = Vec::new();
                while let Some((_, value)) = map.next_entry::<String, serde_json::Value>()? {
                    values.push(value);
                }
                Ok(Ordered(values))
            }
        }
        d.deserialize_map(Values)
    }
}

/// The fields of a listing frame-host reads; the others are ignored.
#[derive(Debug, Deserialize)]
struct Listing {
    id: String,
    name: String,
    homepage: Option<String>,
    image_id: Option<String>,
    #[serde(default)]
    chains: Option<Vec<String>>,
    #[serde(default)]
    app: Option<App>,
    #[serde(default)]
    mobile: Option<ApiLinks>,
    #[serde(default)]
    desktop: Option<ApiLinks>,
    #[serde(default)]
    rdns: Option<String>,
    #[serde(default)]
    badge_type: Option<String>,
}

/// Where the wallet's apps are published.
#[derive(Debug, Default, Deserialize)]
struct App {
    browser: Option<String>,
    ios: Option<String>,
    android: Option<String>,
    chrome: Option<String>,
}

/// A platform's deep and universal link.
#[derive(Debug, Default, Deserialize)]
struct ApiLinks {
    native: Option<String>,
    universal: Option<String>,
}

/// The wallet `value` (one listing) describes, ranked `order`; why not when it cannot be one.
pub(crate) fn to_wallet(value: serde_json::Value, order: u32) -> Result<Wallet, String> {
    let listing: Listing = serde_json::from_value(value).map_err(|e| e.to_string())?;
    let id = listing.id.to_ascii_lowercase();
    if !is_wallet_id(&id) {
        return Err(format!("id {:?} is not 64 hex digits", listing.id));
    }
    let image_id = listing.image_id.unwrap_or_default();
    if !is_image_id(&image_id) {
        return Err(format!(
            "{id}: image_id {image_id:?} is not one we can serve"
        ));
    }
    let homepage = listing.homepage.unwrap_or_default();
    check_https("homepage", Some(&homepage)).map_err(|e| format!("{id}: {e}"))?;
    let mut chains: Vec<String> = Vec::new();
    for chain in listing.chains.unwrap_or_default() {
        if is_caip2(&chain) && !chains.contains(&chain) {
            chains.push(chain);
        }
    }
    let app = listing.app.unwrap_or_default();
    let wallet = Wallet {
        id,
        name: listing.name.trim().to_owned(),
        rdns: listing.rdns.filter(|r| is_rdns(r)),
        image_id,
        homepage,
        order,
        badge_type: match listing.badge_type.as_deref() {
            Some("certified") => BadgeType::Certified,
            _ => BadgeType::None,
        },
        chains,
        mobile: links(listing.mobile),
        desktop: links(listing.desktop),
        webapp_link: https(app.browser),
        app_store: https(app.ios),
        play_store: https(app.android),
        chrome_store: https(app.chrome),
    };
    wallet
        .validate_fields()
        .map_err(|e| format!("{}: {e}", wallet.id))?;
    Ok(wallet)
}

/// The links we can use: a deep link as `scheme://` (the registry also writes `scheme:` or a
/// bare scheme, which wallets open the same way) and an https universal link.
fn links(links: Option<ApiLinks>) -> Links {
    let links = links.unwrap_or_default();
    let native = links.native.map(|n| n.trim().to_owned()).and_then(|n| {
        let scheme = n.trim_end_matches(['/', ':']);
        let n = if n.contains("://") || scheme.contains([':', '/']) {
            n
        } else {
            format!("{scheme}://")
        };
        is_native_link(&n).then_some(n)
    });
    Links {
        native,
        universal: https(links.universal),
    }
}

/// `url` when it is an https URL our rules accept.
fn https(url: Option<String>) -> Option<String> {
    url.map(|u| u.trim().to_owned())
        .filter(|u| check_https("link", Some(u)).is_ok())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// A listing as the API sends it (Rainbow's shape, trimmed).
    fn listing() -> serde_json::Value {
        json!({
            "id": "1ae92b26df02f0abca6304df07debccd18262fdf5fe82daa81593582dac9a369",
            "name": "Rainbow",
            "slug": "rainbow",
            "description": "A fun wallet",
            "homepage": "https://rainbow.me/",
            "chains": ["eip155:1", "eip155:10", "eip155:1", "not a chain"],
            "versions": ["1", "2"],
            "sdks": ["sign_v1", "sign_v2"],
            "app_type": "wallet",
            "image_id": "7a33d7f1-3d12-4b5c-f3ee-5cd83cb1b500",
            "image_url": { "sm": "https://x/sm", "md": "https://x/md", "lg": "https://x/lg" },
            "app": {
                "browser": null,
                "ios": "https://apps.apple.com/app/rainbow-ethereum-wallet/id1457119021",
                "android": "https://play.google.com/store/apps/details?id=me.rainbow",
                "mac": null, "windows": null, "linux": null,
                "chrome": "https://rainbow.me/extension",
                "firefox": null, "safari": null, "edge": null, "opera": null
            },
            "injected": [{ "namespace": "eip155", "injected_id": "isRainbow" }],
            "rdns": "me.rainbow",
            "mobile": { "native": "rainbow:", "universal": "https://rnbwapp.com" },
            "desktop": { "native": null, "universal": null },
            "supported_standards": [],
            "metadata": { "shortName": "Rainbow", "colors": { "primary": "#001e59", "secondary": null } },
            "updatedAt": "2023-01-01T00:00:00+00:00"
        })
    }

    #[test]
    fn a_listing_becomes_our_wallet() {
        let w = to_wallet(listing(), 7).unwrap();
        assert_eq!(w.name, "Rainbow");
        assert_eq!(w.order, 7);
        assert_eq!(w.rdns.as_deref(), Some("me.rainbow"));
        assert_eq!(w.image_id, "7a33d7f1-3d12-4b5c-f3ee-5cd83cb1b500");
        assert_eq!(w.chains, ["eip155:1", "eip155:10"]);
        assert_eq!(w.badge_type, BadgeType::None);
        assert_eq!(w.mobile.native.as_deref(), Some("rainbow://"));
        assert_eq!(w.mobile.universal.as_deref(), Some("https://rnbwapp.com"));
        assert_eq!(
            w.desktop,
            Links {
                native: None,
                universal: None
            }
        );
        assert_eq!(w.webapp_link, None);
        assert!(w.app_store.unwrap().starts_with("https://apps.apple.com/"));
        assert!(w
            .play_store
            .unwrap()
            .starts_with("https://play.google.com/"));
        assert_eq!(
            w.chrome_store.as_deref(),
            Some("https://rainbow.me/extension")
        );
    }

    #[test]
    fn unusable_links_are_dropped_and_the_badge_is_read() {
        let mut l = listing();
        l["badge_type"] = json!("certified");
        l["rdns"] = json!("rainbow");
        l["mobile"] = json!({ "native": "javascript:alert(1)", "universal": "http://rnbwapp.com" });
        l["desktop"] = json!({ "native": "ledgerlive://", "universal": null });
        l["app"] = json!({ "ios": "itms://x", "browser": "https://app.rainbow.me" });
        l["chains"] = json!(null);
        let w = to_wallet(l, 1).unwrap();
        assert_eq!(w.badge_type, BadgeType::Certified);
        assert_eq!(w.rdns, None);
        assert_eq!(
            w.mobile,
            Links {
                native: None,
                universal: None
            }
        );
        assert_eq!(w.desktop.native.as_deref(), Some("ledgerlive://"));
        assert_eq!(w.app_store, None);
        assert_eq!(w.webapp_link.as_deref(), Some("https://app.rainbow.me"));
        assert!(w.chains.is_empty());
        for (native, expected) in [("metamask", "metamask://"), ("trust://", "trust://")] {
            let mut l = listing();
            l["mobile"]["native"] = json!(native);
            assert_eq!(
                to_wallet(l, 1).unwrap().mobile.native.as_deref(),
                Some(expected)
            );
        }
    }

    #[test]
    fn entries_that_cannot_be_wallets_say_why() {
        let cases = [
            ("id", json!("abc"), "id \"abc\" is not 64 hex digits"),
            ("homepage", json!("http://rainbow.me"), "invalid homepage"),
            ("homepage", json!(null), "invalid homepage"),
            ("image_id", json!("../x"), "image_id \"../x\""),
            ("name", json!(" "), "name must be 1 to 64 characters"),
            ("name", json!(7), "invalid type"),
            ("chains", json!("eip155:1"), "invalid type"),
        ];
        for (field, value, reason) in cases {
            let mut l = listing();
            l[field] = value;
            let e = to_wallet(l, 1).unwrap_err();
            assert!(e.contains(reason), "{field}: {e}");
        }
        let mut upper = listing();
        upper["id"] = json!("1AE92B26DF02F0ABCA6304DF07DEBCCD18262FDF5FE82DAA81593582DAC9A369");
        assert_eq!(
            to_wallet(upper, 1).unwrap().id,
            to_wallet(listing(), 1).unwrap().id
        );
    }

    #[test]
    fn a_page_keeps_the_api_order() {
        let text = r#"{"listings":{"b":{"n":1},"a":{"n":2},"c":{"n":3}},"count":3,"total":9}"#;
        let page: Page = serde_json::from_str(text).unwrap();
        let order: Vec<i64> = page
            .listings
            .0
            .iter()
            .map(|v| v["n"].as_i64().unwrap())
            .collect();
        assert_eq!(order, [1, 2, 3]);
        assert_eq!(page.total, Some(9));
        assert!(serde_json::from_str::<Page>(r#"{"listings":[1]}"#).is_err());
        assert!(serde_json::from_str::<Page>(r#"{"count":0}"#).is_err());
    }
}
