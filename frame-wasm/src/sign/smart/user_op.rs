//! An ERC-4337 v0.7 user operation: its fields, the calldata of the account and the factory
//! (the reference `SimpleAccount` and `SimpleAccountFactory` interfaces), its hash as the
//! EntryPoint v0.7 computes it (`getUserOpHash`), and its JSON for the bundler's methods.
//! The ABI encoding is written out here: five fixed shapes do not need an ABI library.

use alloy_primitives::{keccak256, Address, Bytes, B256, U256};
use serde_json::{json, Map, Value};

use crate::sign::calls::Call;
use crate::sign::codec::{to_hex, to_quantity};

/// `SimpleAccountFactory.getAddress(address owner, uint256 salt)`.
pub(crate) const GET_ADDRESS: [u8; 4] = [0x8c, 0xb8, 0x4e, 0x18];
/// `SimpleAccountFactory.createAccount(address owner, uint256 salt)`.
pub(crate) const CREATE_ACCOUNT: [u8; 4] = [0x5f, 0xbf, 0xb9, 0xcf];
/// `SimpleAccount.execute(address dest, uint256 value, bytes func)`.
pub(crate) const EXECUTE: [u8; 4] = [0xb6, 0x1d, 0x27, 0xf6];
/// `SimpleAccount.executeBatch(address[] dest, uint256[] value, bytes[] func)`.
pub(crate) const EXECUTE_BATCH: [u8; 4] = [0x47, 0xe1, 0xda, 0x2a];
/// `EntryPoint.getNonce(address sender, uint192 key)`.
pub(crate) const GET_NONCE: [u8; 4] = [0x35, 0x56, 0x7e, 0x1a];

/// The salt of the embedded wallet's account: one smart account per key.
pub(crate) const SALT: U256 = U256::ZERO;

/// A well-formed 65-byte ECDSA signature that recovers to no owner, for gas estimation: the
/// account answers "signature failed" instead of reverting, so the estimate covers the
/// verification a real signature runs.
pub(crate) const DUMMY_SIGNATURE: [u8; 65] = {
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

fn word_address(address: &Address) -> [u8; 32] {
    let mut word = [0u8; 32];
    word[12..].copy_from_slice(address.as_slice());
    word
}

fn word_u256(value: U256) -> [u8; 32] {
    value.to_be_bytes()
}

fn word_usize(value: usize) -> [u8; 32] {
    word_u256(U256::from(value))
}

/// `bytes` as the tail of an ABI encoding: its length, then its bytes padded to 32.
fn bytes_tail(bytes: &[u8]) -> Vec<u8> {
    let mut out = word_usize(bytes.len()).to_vec();
    out.extend_from_slice(bytes);
    out.resize(32 + bytes.len().div_ceil(32) * 32, 0);
    out
}

/// `selector(owner, SALT)`: the factory's two calls.
pub(crate) fn factory_call(selector: [u8; 4], owner: &Address) -> Vec<u8> {
    let mut out = selector.to_vec();
    out.extend_from_slice(&word_address(owner));
    out.extend_from_slice(&word_u256(SALT));
    out
}

/// `EntryPoint.getNonce(sender, 0)`.
pub(crate) fn get_nonce_call(sender: &Address) -> Vec<u8> {
    let mut out = GET_NONCE.to_vec();
    out.extend_from_slice(&word_address(sender));
    out.extend_from_slice(&[0u8; 32]);
    out
}

/// The account's calldata for `calls`: `execute` for one, `executeBatch` for more (every
/// call runs or none does: the batch reverts as one).
pub(crate) fn account_call_data(calls: &[Call]) -> Vec<u8> {
    if let [call] = calls {
        let mut out = EXECUTE.to_vec();
        out.extend_from_slice(&word_address(&call.to));
        out.extend_from_slice(&word_u256(call.value));
        out.extend_from_slice(&word_usize(3 * 32));
        out.extend_from_slice(&bytes_tail(&call.data));
        return out;
    }
    let n = calls.len();
    // Heads: three offsets; tails: address[], uint256[], bytes[].
    let addresses_at = 3 * 32;
    let values_at = addresses_at + 32 + n * 32;
    let datas_at = values_at + 32 + n * 32;
    let mut out = EXECUTE_BATCH.to_vec();
    for offset in [addresses_at, values_at, datas_at] {
        out.extend_from_slice(&word_usize(offset));
    }
    out.extend_from_slice(&word_usize(n));
    for call in calls {
        out.extend_from_slice(&word_address(&call.to));
    }
    out.extend_from_slice(&word_usize(n));
    for call in calls {
        out.extend_from_slice(&word_u256(call.value));
    }
    // bytes[]: its length, n offsets (from the start of the offsets), then each bytes.
    out.extend_from_slice(&word_usize(n));
    let tails: Vec<Vec<u8>> = calls.iter().map(|c| bytes_tail(&c.data)).collect();
    let mut offset = n * 32;
    for tail in &tails {
        out.extend_from_slice(&word_usize(offset));
        offset += tail.len();
    }
    for tail in tails {
        out.extend_from_slice(&tail);
    }
    out
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
    fn init_code(&self) -> Vec<u8> {
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
    use super::*;
    use alloy_dyn_abi::DynSolValue;

    fn selector(signature: &str) -> [u8; 4] {
        keccak256(signature.as_bytes())[..4].try_into().unwrap()
    }

    #[test]
    fn selectors_are_those_of_the_published_interfaces() {
        assert_eq!(GET_ADDRESS, selector("getAddress(address,uint256)"));
        assert_eq!(CREATE_ACCOUNT, selector("createAccount(address,uint256)"));
        assert_eq!(EXECUTE, selector("execute(address,uint256,bytes)"));
        assert_eq!(
            EXECUTE_BATCH,
            selector("executeBatch(address[],uint256[],bytes[])")
        );
        assert_eq!(GET_NONCE, selector("getNonce(address,uint192)"));
    }

    fn call(to: u8, value: u64, data: &[u8]) -> Call {
        Call {
            to: Address::repeat_byte(to),
            value: U256::from(value),
            data: Bytes::copy_from_slice(data),
        }
    }

    /// The reference ABI encoder (alloy's, a test-only dependency) agrees byte for byte.
    #[test]
    fn call_data_matches_a_reference_abi_encoder() {
        let calls = [
            call(1, 5, &[]),
            call(2, 0, &[0xa9, 0x05, 0x9c, 0xbb, 1, 2, 3]),
            call(3, 7, &[9; 40]),
        ];
        let batch = DynSolValue::Tuple(vec![
            DynSolValue::Array(calls.iter().map(|c| DynSolValue::Address(c.to)).collect()),
            DynSolValue::Array(
                calls
                    .iter()
                    .map(|c| DynSolValue::Uint(c.value, 256))
                    .collect(),
            ),
            DynSolValue::Array(
                calls
                    .iter()
                    .map(|c| DynSolValue::Bytes(c.data.to_vec()))
                    .collect(),
            ),
        ]);
        let mut expected = EXECUTE_BATCH.to_vec();
        expected.extend(batch.abi_encode_params());
        assert_eq!(account_call_data(&calls), expected);

        let one = &calls[2..];
        let single = DynSolValue::Tuple(vec![
            DynSolValue::Address(one[0].to),
            DynSolValue::Uint(one[0].value, 256),
            DynSolValue::Bytes(one[0].data.to_vec()),
        ]);
        let mut expected = EXECUTE.to_vec();
        expected.extend(single.abi_encode_params());
        assert_eq!(account_call_data(one), expected);
    }

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

    /// The dummy signature is the one the devnet's tests and viem's SimpleAccount use.
    #[test]
    fn dummy_signature_is_the_well_known_one() {
        assert_eq!(
            to_hex(&DUMMY_SIGNATURE),
            "0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c"
        );
    }
}
