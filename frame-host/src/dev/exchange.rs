//! The devnet's Uniswap V2 deployment as the contracts file lists it (`uniswapV2`, written by
//! `devnet/uniswap.mjs`), and how it becomes the devnet's exchange.

use serde::Deserialize;

use super::devnet::DevnetContracts;
use crate::swap::ExchangeConfig;
use crate::types::is_evm_address;

/// Uniswap V2 on the devnet: WETH9, the factory, Router02 and the seeded pools.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct DevnetUniswapV2 {
    /// WETH9.
    pub weth: String,
    /// The factory.
    pub factory: String,
    /// Router02.
    pub router: String,
    /// The pools seeded at deployment, each a token against WETH.
    pub pairs: Vec<DevnetPair>,
}

/// One seeded pool.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct DevnetPair {
    /// The token traded against WETH.
    pub token: String,
    /// Its symbol.
    pub symbol: String,
    /// The pair contract.
    pub pair: String,
}

impl DevnetUniswapV2 {
    /// Checks every address is `0x` and 40 hex digits.
    pub(super) fn check(&self) -> Result<(), String> {
        let pairs = self.pairs.iter().flat_map(|p| {
            [
                (format!("uniswapV2 pair token {}", p.symbol), &p.token),
                (format!("uniswapV2 pair {}", p.symbol), &p.pair),
            ]
        });
        let named = [
            ("uniswapV2 weth".to_owned(), &self.weth),
            ("uniswapV2 factory".to_owned(), &self.factory),
            ("uniswapV2 router".to_owned(), &self.router),
        ];
        for (what, address) in named.into_iter().chain(pairs) {
            if !is_evm_address(&address.to_ascii_lowercase()) {
                return Err(format!("{what} {address:?} is not 0x and 40 hex digits"));
            }
        }
        Ok(())
    }
}

impl DevnetContracts {
    /// Makes the devnet a swap network and its Uniswap V2 the devnet's exchange, unless
    /// `exchanges` already names the devnet. A file without `uniswapV2` changes nothing.
    pub fn join_exchange(
        &self,
        swap_networks: &mut Vec<String>,
        exchanges: &mut Vec<ExchangeConfig>,
    ) {
        let Some(uniswap) = &self.uniswap_v2 else {
            return;
        };
        let chain_id = self.caip2();
        if !swap_networks.contains(&chain_id) {
            swap_networks.push(chain_id.clone());
        }
        if !exchanges.iter().any(|e| e.chain_id == chain_id) {
            exchanges.push(ExchangeConfig::new(
                &chain_id,
                &uniswap.router,
                &uniswap.factory,
                Some(&uniswap.weth),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = r#"{"chainId":31337,"deployer":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","startBlock":1,
      "multicall3":"0x5FbDB2315678afecb367f032d93F642f64180aa3",
      "tokens":[{"address":"0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512","name":"Devnet Dollar","symbol":"dUSD","decimals":6,"kind":"erc20","faucetAmount":"1000"}],
      "nft":{"address":"0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0","name":"Oriel Devnet Collection","symbol":"ODC"},
      "faucet":{"ether":"10"},
      "uniswapV2":{"weth":"0x0B306BF915C4d645ff596e518fAf3F9669b97016","factory":"0x959922bE3CAee4b8Cd9a407cc3ac1C251C2007B1",
        "router":"0x9A9f2CCfdE556A7E9Ff0848998Aa4a0CFD8863AE",
        "pairs":[{"token":"0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512","symbol":"dUSD","pair":"0x3B02fF1e626Ed7a8fd6eC5299e2C54e1421B626B"}]}}"#;

    fn load(text: &str) -> crate::error::Result<DevnetContracts> {
        let f = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(f.path(), text).unwrap();
        DevnetContracts::load(f.path())
    }

    #[test]
    fn the_devnet_uniswap_becomes_its_exchange_once() {
        let contracts = load(FILE).unwrap();
        let mut swap_networks = vec!["eip155:1".to_owned()];
        let mut exchanges = Vec::new();
        contracts.join_exchange(&mut swap_networks, &mut exchanges);
        contracts.join_exchange(&mut swap_networks, &mut exchanges);
        assert_eq!(swap_networks, ["eip155:1", "eip155:31337"]);
        assert_eq!(
            exchanges,
            [ExchangeConfig::new(
                "eip155:31337",
                "0x9a9f2ccfde556a7e9ff0848998aa4a0cfd8863ae",
                "0x959922be3caee4b8cd9a407cc3ac1c251c2007b1",
                Some("0x0b306bf915c4d645ff596e518faf3f9669b97016"),
            )]
        );
    }

    #[test]
    fn an_exchange_the_operator_configured_stays() {
        let contracts = load(FILE).unwrap();
        let mine = ExchangeConfig::new(
            "eip155:31337",
            "0x00000000000000000000000000000000000000aa",
            "0x00000000000000000000000000000000000000bb",
            None,
        );
        let (mut swap_networks, mut exchanges) = (Vec::new(), vec![mine.clone()]);
        contracts.join_exchange(&mut swap_networks, &mut exchanges);
        assert_eq!(exchanges, [mine]);
    }

    #[test]
    fn a_file_without_uniswap_adds_nothing_and_a_bad_address_is_named() {
        let without = FILE
            .split(",\n      \"uniswapV2\"")
            .next()
            .unwrap()
            .to_owned()
            + "}";
        let contracts = load(&without).unwrap();
        let (mut swap_networks, mut exchanges) = (Vec::new(), Vec::new());
        contracts.join_exchange(&mut swap_networks, &mut exchanges);
        assert!(swap_networks.is_empty() && exchanges.is_empty());
        let e = load(&FILE.replace("0x9A9f2CCfdE556A7E9Ff0848998Aa4a0CFD8863AE", "0x9A"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("uniswapV2 router \"0x9A\""), "{e}");
    }
}
