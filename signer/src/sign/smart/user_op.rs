//! An ERC-4337 v0.7 user operation: its fields, its hash as the EntryPoint v0.7 computes it
//! (`getUserOpHash`, what the bundler answers), and its JSON for the bundler's methods.

use alloy_primitives::{keccak256, Address, Bytes, B256, U256};
use serde_json::{json, Map, Value};

use super::abi::{word_address, word_u256};
use super::safe::operation_signature;
use crate::sign::codec::{to_hex, to_quantity};

/// The well-known dummy (viem's, permissionless's): a well-formed 65-byte ECDSA signature
/// that recovers to no owner, so the account answers "signature failed" instead of reverting,
/// and the gas estimate covers the verification a real signature runs.
const DUMMY_KEY_SIGNATURE: [u8; 65] = {
    let mut s = [0u8; 65];
    let mut i = 0;
    while i < 15 {
        s[i] = 0xff;
        i += 1;
    }
    s[15] = 0xf0;
    let mut j = 32;
    while j < 64 {
        s[j] = 0xaa;
        j += 1;
    }
    s[32] = 0x7a;
    s[64] = 0x1c;
    s
};

/// The signature of an operation for gas estimation: the account's format around
/// [`DUMMY_KEY_SIGNATURE`].
pub(crate) fn dummy_signature() -> Bytes {
    operation_signature(&DUMMY_KEY_SIGNATURE).into()
}

/// A v0.7 user operation without a paymaster, in the bundler JSON-RPC's unpacked fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserOperation {
    /// The smart account.
    pub sender: Address,
    /// Its EntryPoint nonce (key 0).
    pub nonce: U256,
    /// The factory and its calldata while the account is not deployed yet.
    pub factory: Option<(Address, Bytes)>,
    /// The account's calldata.
    pub call_data: Bytes,
    /// Gas of the call phase.
    pub call_gas_limit: u128,
    /// Gas of the verification phase (deployment included).
    pub verification_gas_limit: u128,
    /// Gas the bundler is paid for beyond execution.
    pub pre_verification_gas: U256,
    /// The most wei per gas.
    pub max_fee_per_gas: u128,
    /// The most tip per gas.
    pub max_priority_fee_per_gas: u128,
    /// The owner's signature (the account's own format).
    pub signature: Bytes,
}

impl UserOperation {
    /// `factory ++ factoryData`, empty once deployed.
    pub(crate) fn init_code(&self) -> Vec<u8> {
        self.factory.as_ref().map_or_else(Vec::new, |(f, data)| {
            let mut code = f.to_vec();
            code.extend_from_slice(data);
            code
        })
    }

    /// The hash the owner signs, as EntryPoint v0.7's `getUserOpHash` gives it:
    /// `keccak256(abi.encode(keccak256(pack(op)), entryPoint, chainId))`, where `pack` is the
    /// packed operation's static fields with its dynamic ones hashed.
    pub fn hash(&self, entry_point: &Address, chain_id: u64) -> B256 {
        let packed_u128s = |high: u128, low: u128| {
            let mut word = [0u8; 32];
            word[..16].copy_from_slice(&high.to_be_bytes());
            word[16..].copy_from_slice(&low.to_be_bytes());
            word
        };
        let mut packed = Vec::with_capacity(8 * 32);
        packed.extend_from_slice(&word_address(&self.sender));
        packed.extend_from_slice(&word_u256(self.nonce));
        packed.extend_from_slice(keccak256(self.init_code()).as_slice());
        packed.extend_from_slice(keccak256(&self.call_data).as_slice());
        packed.extend_from_slice(&packed_u128s(
            self.verification_gas_limit,
            self.call_gas_limit,
        ));
        packed.extend_from_slice(&word_u256(self.pre_verification_gas));
        packed.extend_from_slice(&packed_u128s(
            self.max_priority_fee_per_gas,
            self.max_fee_per_gas,
        ));
        packed.extend_from_slice(keccak256([]).as_slice());
        let mut outer = keccak256(&packed).to_vec();
        outer.extend_from_slice(&word_address(entry_point));
        outer.extend_from_slice(&word_u256(U256::from(chain_id)));
        keccak256(&outer)
    }

    /// The most the operation can cost its account, in wei: every gas limit at the max fee.
    pub fn max_cost(&self) -> U256 {
        let gas = U256::from(self.call_gas_limit)
            .saturating_add(U256::from(self.verification_gas_limit))
            .saturating_add(self.pre_verification_gas);
        gas.saturating_mul(U256::from(self.max_fee_per_gas))
    }

    /// The operation as `eth_sendUserOperation` and `eth_estimateUserOperationGas` take it
    /// (v0.7's unpacked fields, hex quantities).
    pub fn to_json(&self) -> Value {
        let mut op = Map::new();
        op.insert("sender".into(), json!(self.sender.to_checksum(None)));
        op.insert("nonce".into(), json!(to_quantity(self.nonce)));
        if let Some((factory, data)) = &self.factory {
            op.insert("factory".into(), json!(factory.to_checksum(None)));
            op.insert("factoryData".into(), json!(to_hex(data)));
        }
        op.insert("callData".into(), json!(to_hex(&self.call_data)));
        let quantities = [
            ("callGasLimit", U256::from(self.call_gas_limit)),
            (
                "verificationGasLimit",
                U256::from(self.verification_gas_limit),
            ),
            ("preVerificationGas", self.pre_verification_gas),
            ("maxFeePerGas", U256::from(self.max_fee_per_gas)),
            (
                "maxPriorityFeePerGas",
                U256::from(self.max_priority_fee_per_gas),
            ),
        ];
        for (name, value) in quantities {
            op.insert(name.into(), json!(to_quantity(value)));
        }
        op.insert("signature".into(), json!(to_hex(&self.signature)));
        Value::Object(op)
    }
}

#[cfg(test)]
mod tests {
    use super::super::safe::WINDOW_BYTES;
    use super::*;

    /// Hashes computed by viem's `getUserOperationHash` (v0.7) for the same operations.
    #[test]
    fn hash_matches_viem() {
        let mut op = UserOperation {
            sender: Address::repeat_byte(0x11),
            nonce: U256::from(5),
            factory: Some((
                Address::repeat_byte(0x22),
                Bytes::from_static(&[0x5f, 0xbf, 0xb9, 0xcf, 0x00]),
            )),
            call_data: Bytes::from_static(&[0xb6, 0x1d, 0x27, 0xf6, 0xaa, 0xbb]),
            call_gas_limit: 100_000,
            verification_gas_limit: 300_000,
            pre_verification_gas: U256::from(50_000),
            max_fee_per_gas: 3_000_000_000,
            max_priority_fee_per_gas: 1_000_000_000,
            signature: Bytes::new(),
        };
        assert_eq!(
            to_hex(op.hash(&Address::repeat_byte(0x33), 31337).as_slice()),
            "0x74a877cacd51bef362386acb06738a3a5e99543580f89cb524c23f8be573edab"
        );
        op.factory = None;
        let entry_point: Address = "0x0000000071727De22E5E9d8BAf0edAc6f37da032"
            .parse()
            .unwrap();
        assert_eq!(
            to_hex(op.hash(&entry_point, 1).as_slice()),
            "0x3ca4da024ebb0ec9dd61ed7bc6ad8fa43b0f5ba2bf2f2366d4b69e13a1cdb2c3"
        );
        assert_eq!(
            op.max_cost(),
            U256::from(450_000u64) * U256::from(3_000_000_000u64)
        );
    }

    /// The dummy is the well-known one (viem's and permissionless's) after a zero window.
    #[test]
    fn dummy_signature_is_the_well_known_one_after_the_window() {
        let dummy = dummy_signature();
        assert_eq!(dummy.len(), WINDOW_BYTES + 65);
        assert_eq!(
            to_hex(&dummy),
            "0x000000000000000000000000fffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c"
        );
    }
}
