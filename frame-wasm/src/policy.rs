//! The frame's RPC method policy (spec §6): which JSON-RPC methods pass straight to the chain,
//! which need the user's approval inside the frame, and which are refused. It is one table;
//! a method that is not in it is refused with `error::NOT_ALLOWED`.

/// How the frame treats an RPC method.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Policy {
    /// Read-only or already signed: answered without asking the user.
    Safe,
    /// Signs or spends: the user approves it in the frame first.
    Approval,
}

/// Every method the frame serves. Anything else, `eth_sign` included, is refused.
const METHODS: &[(&str, Policy)] = &[
    // Accounts: answered by the frame with its own address.
    ("eth_accounts", Policy::Safe),
    ("eth_requestAccounts", Policy::Safe),
    // Standard eth read methods, passed to the chain RPC.
    ("eth_blockNumber", Policy::Safe),
    ("eth_call", Policy::Safe),
    ("eth_chainId", Policy::Safe),
    ("eth_estimateGas", Policy::Safe),
    ("eth_feeHistory", Policy::Safe),
    ("eth_gasPrice", Policy::Safe),
    ("eth_getAccount", Policy::Safe),
    ("eth_getBalance", Policy::Safe),
    ("eth_getBlockByHash", Policy::Safe),
    ("eth_getBlockByNumber", Policy::Safe),
    ("eth_getBlockReceipts", Policy::Safe),
    ("eth_getBlockTransactionCountByHash", Policy::Safe),
    ("eth_getBlockTransactionCountByNumber", Policy::Safe),
    ("eth_getCode", Policy::Safe),
    ("eth_getFilterChanges", Policy::Safe),
    ("eth_getFilterLogs", Policy::Safe),
    ("eth_getLogs", Policy::Safe),
    ("eth_getProof", Policy::Safe),
    ("eth_getStorageAt", Policy::Safe),
    ("eth_getTransactionByBlockHashAndIndex", Policy::Safe),
    ("eth_getTransactionByBlockNumberAndIndex", Policy::Safe),
    ("eth_getTransactionByHash", Policy::Safe),
    ("eth_getTransactionCount", Policy::Safe),
    ("eth_getTransactionReceipt", Policy::Safe),
    ("eth_getUncleCountByBlockHash", Policy::Safe),
    ("eth_getUncleCountByBlockNumber", Policy::Safe),
    ("eth_maxPriorityFeePerGas", Policy::Safe),
    ("eth_newBlockFilter", Policy::Safe),
    ("eth_newFilter", Policy::Safe),
    ("eth_newPendingTransactionFilter", Policy::Safe),
    ("eth_syncing", Policy::Safe),
    ("eth_uninstallFilter", Policy::Safe),
    ("net_version", Policy::Safe),
    // Already signed by someone: the chain checks it.
    ("eth_sendRawTransaction", Policy::Safe),
    // Solana reads, and a transaction already signed by someone: on solana networks only.
    ("getAccountInfo", Policy::Safe),
    ("getBalance", Policy::Safe),
    ("getLatestBlockhash", Policy::Safe),
    ("getMinimumBalanceForRentExemption", Policy::Safe),
    ("getSignatureStatuses", Policy::Safe),
    ("getTokenAccountsByOwner", Policy::Safe),
    ("sendTransaction", Policy::Safe),
    ("simulateTransaction", Policy::Safe),
    // Wallet queries and network switching (ERC-5792, EIP-3085, EIP-3326).
    ("wallet_getCapabilities", Policy::Safe),
    ("wallet_getCallsStatus", Policy::Safe),
    ("wallet_getAssets", Policy::Safe),
    ("wallet_switchEthereumChain", Policy::Safe),
    ("wallet_addEthereumChain", Policy::Safe),
    // Signing and spending: approved by the user in the frame.
    ("personal_sign", Policy::Approval),
    ("eth_signTypedData_v4", Policy::Approval),
    ("eth_sendTransaction", Policy::Approval),
    ("solana_signMessage", Policy::Approval),
    ("solana_signTransaction", Policy::Approval),
    ("solana_signAllTransactions", Policy::Approval),
    ("solana_signAndSendTransaction", Policy::Approval),
    ("wallet_sendCalls", Policy::Approval),
    ("wallet_grantPermissions", Policy::Approval),
    ("wallet_revokePermissions", Policy::Approval),
    ("eth_sendUserOperation", Policy::Approval),
];

/// Solana's RPC methods the frame passes to a solana network's RPC (and to no other).
const SOLANA_READS: [&str; 8] = [
    "getAccountInfo",
    "getBalance",
    "getLatestBlockhash",
    "getMinimumBalanceForRentExemption",
    "getSignatureStatuses",
    "getTokenAccountsByOwner",
    "sendTransaction",
    "simulateTransaction",
];

/// Whether `method` is one of Solana's RPC methods (served on solana networks only).
pub(crate) fn is_solana_read(method: &str) -> bool {
    SOLANA_READS.contains(&method)
}

/// The policy for `method` (case-sensitive, as JSON-RPC names are), or `None` when the frame
/// refuses it: answer `error::NOT_ALLOWED` then.
pub(crate) fn policy(method: &str) -> Option<Policy> {
    METHODS
        .iter()
        .find(|(name, _)| *name == method)
        .map(|(_, policy)| *policy)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::NOT_ALLOWED;
    use oriel_protocol::text::ACTION_NOT_ALLOWED as NOT_ALLOWED_UI;
    use std::collections::BTreeSet;

    const SAFE: &[&str] = &[
        "eth_accounts",
        "eth_requestAccounts",
        "eth_blockNumber",
        "eth_call",
        "eth_chainId",
        "eth_estimateGas",
        "eth_feeHistory",
        "eth_gasPrice",
        "eth_getAccount",
        "eth_getBalance",
        "eth_getBlockByHash",
        "eth_getBlockByNumber",
        "eth_getBlockReceipts",
        "eth_getBlockTransactionCountByHash",
        "eth_getBlockTransactionCountByNumber",
        "eth_getCode",
        "eth_getFilterChanges",
        "eth_getFilterLogs",
        "eth_getLogs",
        "eth_getProof",
        "eth_getStorageAt",
        "eth_getTransactionByBlockHashAndIndex",
        "eth_getTransactionByBlockNumberAndIndex",
        "eth_getTransactionByHash",
        "eth_getTransactionCount",
        "eth_getTransactionReceipt",
        "eth_getUncleCountByBlockHash",
        "eth_getUncleCountByBlockNumber",
        "eth_maxPriorityFeePerGas",
        "eth_newBlockFilter",
        "eth_newFilter",
        "eth_newPendingTransactionFilter",
        "eth_syncing",
        "eth_uninstallFilter",
        "net_version",
        "eth_sendRawTransaction",
        "getAccountInfo",
        "getBalance",
        "getLatestBlockhash",
        "getMinimumBalanceForRentExemption",
        "getSignatureStatuses",
        "getTokenAccountsByOwner",
        "sendTransaction",
        "simulateTransaction",
        "wallet_getCapabilities",
        "wallet_getCallsStatus",
        "wallet_getAssets",
        "wallet_switchEthereumChain",
        "wallet_addEthereumChain",
    ];

    /// Spec §6's list of methods needing approval, word for word.
    const APPROVAL: &[&str] = &[
        "personal_sign",
        "eth_signTypedData_v4",
        "eth_sendTransaction",
        "solana_signMessage",
        "solana_signTransaction",
        "solana_signAllTransactions",
        "solana_signAndSendTransaction",
        "wallet_sendCalls",
        "wallet_grantPermissions",
        "wallet_revokePermissions",
        "eth_sendUserOperation",
    ];

    #[test]
    fn every_row_of_the_table_is_expected_and_answers_its_policy() {
        let mut seen = BTreeSet::new();
        for (method, expected) in METHODS {
            assert!(seen.insert(*method), "{method} is listed twice");
            let listed = match expected {
                Policy::Safe => SAFE,
                Policy::Approval => APPROVAL,
            };
            assert!(
                listed.contains(method),
                "{method} is not expected as {expected:?}"
            );
            assert_eq!(policy(method), Some(*expected), "{method}");
        }
        for method in SAFE {
            assert_eq!(policy(method), Some(Policy::Safe), "{method}");
        }
        for method in APPROVAL {
            assert_eq!(policy(method), Some(Policy::Approval), "{method}");
        }
        assert_eq!(seen.len(), SAFE.len() + APPROVAL.len());
    }

    #[test]
    fn solana_reads_are_safe_and_nothing_else_is_one() {
        for method in SOLANA_READS {
            assert_eq!(policy(method), Some(Policy::Safe), "{method}");
        }
        for method in [
            "eth_getBalance",
            "solana_signMessage",
            "getbalance",
            "requestAirdrop",
        ] {
            assert!(!is_solana_read(method), "{method}");
        }
    }

    #[test]
    fn everything_else_is_refused() {
        for method in [
            "eth_sign",
            "eth_signTransaction",
            "eth_signTypedData",
            "eth_signTypedData_v3",
            "eth_sendPrivateTransaction",
            "personal_ecRecover",
            "personal_unlockAccount",
            "wallet_watchAsset",
            "wallet_requestPermissions",
            "wallet_sendTransaction",
            "solana_signIn",
            "debug_traceTransaction",
            "admin_peers",
            "PERSONAL_SIGN",
            "personal_sign ",
            "eth_call\0",
            "",
        ] {
            assert_eq!(policy(method), None, "{method:?} should be refused");
        }
        assert_eq!(NOT_ALLOWED, "Requested RPC call is not allowed");
        assert_eq!(NOT_ALLOWED_UI, "Action not allowed");
    }
}
