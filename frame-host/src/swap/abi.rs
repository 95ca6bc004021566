//! The exchange's contract calls: Uniswap V2's router, factory and pair, and ERC-20's
//! `allowance` and `approve`, ABI-encoded with alloy's `sol!`; and the JSON-RPC `eth_call`
//! around them.

use alloy_primitives::{hex, Address, U256};
use alloy_sol_types::{sol, SolCall};
use serde_json::{json, Value};

use crate::error::Error;

sol! {
    /// Uniswap V2's Router02: the calls frame-host quotes and builds swaps with.
    interface IUniswapV2Router02 {
        function WETH() external pure returns (address);
        function getAmountsOut(uint256 amountIn, address[] calldata path)
            external view returns (uint256[] memory amounts);
        function swapExactETHForTokens(
            uint256 amountOutMin, address[] calldata path, address to, uint256 deadline
        ) external payable returns (uint256[] memory amounts);
        function swapExactTokensForETH(
            uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to,
            uint256 deadline
        ) external returns (uint256[] memory amounts);
        function swapExactTokensForTokens(
            uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to,
            uint256 deadline
        ) external returns (uint256[] memory amounts);
    }

    /// Uniswap V2's factory: the pair of two tokens (the zero address when there is none).
    interface IUniswapV2Factory {
        function getPair(address tokenA, address tokenB) external view returns (address pair);
    }

    /// A Uniswap V2 pair: its reserves, `token0` being the lower address of the two.
    interface IUniswapV2Pair {
        function getReserves() external view
            returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    }

    /// The ERC-20 calls of an approval.
    interface IERC20 {
        function allowance(address owner, address spender) external view returns (uint256);
        function approve(address spender, uint256 amount) external returns (bool);
    }
}

pub(crate) use IUniswapV2Factory::getPairCall;
pub(crate) use IUniswapV2Pair::getReservesCall;
pub(crate) use IUniswapV2Router02::{
    getAmountsOutCall, swapExactETHForTokensCall, swapExactTokensForETHCall,
    swapExactTokensForTokensCall, WETHCall,
};
pub(crate) use IERC20::{allowanceCall, approveCall};

/// `eth_call` of `call` on `to` at the latest block, as a batch entry.
pub(crate) fn eth_call<C: SolCall>(to: Address, call: &C) -> (String, Value) {
    let data = hex::encode_prefixed(call.abi_encode());
    (
        "eth_call".to_owned(),
        json!([{ "to": hex::encode_prefixed(to), "data": data }, "latest"]),
    )
}

/// The returns of `C` from an `eth_call` result (`0x` and hex). Anything else, an empty
/// answer (no contract at the address) included, is [`Error::RpcResult`].
pub(crate) fn decode<C: SolCall>(result: &Value, method: &'static str) -> Result<C::Return, Error> {
    let unexpected = || Error::RpcResult {
        method,
        result: result.to_string().chars().take(100).collect(),
    };
    let bytes = result
        .as_str()
        .and_then(|text| hex::decode(text).ok())
        .filter(|bytes| !bytes.is_empty())
        .ok_or_else(unexpected)?;
    C::abi_decode_returns(&bytes).map_err(|_| unexpected())
}

/// A JSON-RPC quantity (`0x` hex) as a number; `None` when it is not one.
pub(crate) fn quantity(value: &Value) -> Option<U256> {
    let digits = value.as_str()?.strip_prefix("0x")?;
    if digits.is_empty() || digits.len() > 64 {
        return None;
    }
    U256::from_str_radix(digits, 16).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_have_uniswaps_selectors() {
        let path = vec![Address::ZERO, Address::repeat_byte(1)];
        let amounts = getAmountsOutCall {
            amountIn: U256::from(1),
            path: path.clone(),
        };
        assert_eq!(&amounts.abi_encode()[..4], &hex!("d06ca61f"));
        let eth_for_tokens = swapExactETHForTokensCall {
            amountOutMin: U256::ZERO,
            path: path.clone(),
            to: Address::ZERO,
            deadline: U256::ZERO,
        };
        assert_eq!(&eth_for_tokens.abi_encode()[..4], &hex!("7ff36ab5"));
        assert_eq!(swapExactTokensForETHCall::SELECTOR, hex!("18cbafe5"));
        assert_eq!(swapExactTokensForTokensCall::SELECTOR, hex!("38ed1739"));
        assert_eq!(approveCall::SELECTOR, hex!("095ea7b3"));
        assert_eq!(allowanceCall::SELECTOR, hex!("dd62ed3e"));
        assert_eq!(getPairCall::SELECTOR, hex!("e6a43905"));
        assert_eq!(getReservesCall::SELECTOR, hex!("0902f1ac"));
        assert_eq!(WETHCall::SELECTOR, hex!("ad5c4648"));
    }

    #[test]
    fn results_decode_or_name_the_call() {
        let word = format!("0x{:0>64}", "2a");
        assert_eq!(
            decode::<allowanceCall>(&json!(word), "allowance").unwrap(),
            U256::from(42)
        );
        for bad in [json!("0x"), json!("0x12"), json!(7), json!("zz")] {
            let e = decode::<allowanceCall>(&bad, "allowance").unwrap_err();
            assert!(e.to_string().starts_with("chain RPC allowance"), "{e}");
        }
        assert_eq!(
            quantity(&json!("0x3b9aca00")),
            Some(U256::from(1_000_000_000u64))
        );
        for bad in [
            json!("0x"),
            json!("12"),
            json!(12),
            json!(format!("0x{}", "f".repeat(65))),
        ] {
            assert_eq!(quantity(&bad), None, "{bad}");
        }
    }
}
