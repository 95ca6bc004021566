//! The embedded wallet's smart account is a Safe (1.4.1) with the `Safe4337Module` (0.3.0,
//! EntryPoint v0.7) as its module and fallback handler: the published, audited contracts
//! (`@safe-global/safe-contracts`, `@safe-global/safe-4337`). This file is its calldata and
//! hashes:
//! - the account: a proxy of the singleton that `SafeProxyFactory.createProxyWithNonce`
//!   creates with CREATE2, set up with one owner (the key), threshold 1, and the module
//!   enabled through `SafeModuleSetup`; so its address is known before it exists;
//! - its calls: `executeUserOp` of the module, one call as it is, more through
//!   `MultiSendCallOnly` (every call runs or none does);
//! - a user operation's signature: `validAfter ++ validUntil ++` the key's signature of the
//!   module's EIP-712 `SafeOp`;
//! - a message's signature (ERC-1271): the key's signature of the Safe's EIP-712
//!   `SafeMessage` of the message's hash, which the module's `isValidSignature` checks.

use alloy_primitives::{b256, keccak256, Address, B256, U256};

use super::abi::{bytes_tail, encode, word_address, word_u256, word_usize};
use super::UserOperation;
use crate::sign::calls::Call;

/// `Safe.setup(address[],uint256,address,bytes,address,address,uint256,address)`.
pub(crate) const SETUP: [u8; 4] = [0xb6, 0x3e, 0x80, 0x0d];
/// `SafeModuleSetup.enableModules(address[])`.
pub(crate) const ENABLE_MODULES: [u8; 4] = [0x8d, 0x0d, 0xc4, 0x9f];
/// `SafeProxyFactory.createProxyWithNonce(address,bytes,uint256)`.
pub(crate) const CREATE_PROXY_WITH_NONCE: [u8; 4] = [0x16, 0x88, 0xf0, 0xb9];
/// `SafeProxyFactory.proxyCreationCode()`.
pub(crate) const PROXY_CREATION_CODE: [u8; 4] = [0x53, 0xe5, 0xd9, 0x35];
/// `Safe4337Module.executeUserOp(address,uint256,bytes,uint8)`.
pub(crate) const EXECUTE_USER_OP: [u8; 4] = [0x7b, 0xb3, 0x74, 0x28];
/// `MultiSendCallOnly.multiSend(bytes)`.
pub(crate) const MULTI_SEND: [u8; 4] = [0x8d, 0x80, 0xff, 0x0a];

/// `EIP712Domain(uint256 chainId,address verifyingContract)`, the domain of the Safe and of
/// the module.
const DOMAIN_TYPEHASH: B256 =
    b256!("47e79534a245952e8b16893a336b85a3d9ea9fa8c573f3d803afb92a79469218");
/// The module's `SafeOp(address safe,uint256 nonce,bytes initCode,bytes callData,uint128
/// verificationGasLimit,uint128 callGasLimit,uint256 preVerificationGas,uint128
/// maxPriorityFeePerGas,uint128 maxFeePerGas,bytes paymasterAndData,uint48 validAfter,uint48
/// validUntil,address entryPoint)`.
const SAFE_OP_TYPEHASH: B256 =
    b256!("c03dfc11d8b10bf9cf703d558958c8c42777f785d998c62060d85a4f0ef6ea7f");
/// The Safe's `SafeMessage(bytes message)`.
const SAFE_MESSAGE_TYPEHASH: B256 =
    b256!("60b3cbf8b4a223d68d641b3b6ddf9a298e7f33710cf3d3a9d1146b5a6150fbca");

/// The salt nonce of the embedded wallet's account: one smart account per key.
pub(crate) const SALT_NONCE: U256 = U256::ZERO;
/// `Enum.Operation.Call`.
const CALL: u8 = 0;
/// `Enum.Operation.DelegateCall`, how the Safe runs `MultiSendCallOnly`.
const DELEGATE_CALL: u8 = 1;
/// The validity window the signatures name: from the start, without end.
const VALID_AFTER: u64 = 0;
const VALID_UNTIL: u64 = 0;
/// The bytes before the key's signature in an operation's signature: two `uint48`s.
pub(crate) const WINDOW_BYTES: usize = 12;

/// The contracts a network's smart accounts are made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contracts {
    /// The EntryPoint v0.7.
    pub entry_point: Address,
    /// The Safe singleton the account's proxy delegates to.
    pub singleton: Address,
    /// The `SafeProxyFactory`.
    pub proxy_factory: Address,
    /// The `Safe4337Module` bound to the EntryPoint.
    pub module: Address,
    /// The `SafeModuleSetup`.
    pub module_setup: Address,
    /// The `MultiSendCallOnly`.
    pub multi_send: Address,
}

/// `Safe.setup([owner], 1, module_setup, enableModules([module]), module, 0, 0, 0)`: the
/// key as the only owner, the module enabled and answering as the fallback handler.
pub(crate) fn initializer(contracts: &Contracts, owner: &Address) -> Vec<u8> {
    let one_address = |a: &Address| [word_usize(1), word_address(a)].concat();
    let enable = encode(&ENABLE_MODULES, &[None], &[one_address(&contracts.module)]);
    let zero = Some([0u8; 32]);
    encode(
        &SETUP,
        &[
            None,
            Some(word_usize(1)),
            Some(word_address(&contracts.module_setup)),
            None,
            Some(word_address(&contracts.module)),
            zero,
            zero,
            zero,
        ],
        &[one_address(owner), bytes_tail(&enable)],
    )
}

/// The factory call that deploys `owner`'s account: the user operation's `factoryData`.
pub fn factory_data(contracts: &Contracts, owner: &Address) -> Vec<u8> {
    encode(
        &CREATE_PROXY_WITH_NONCE,
        &[
            Some(word_address(&contracts.singleton)),
            None,
            Some(word_u256(SALT_NONCE)),
        ],
        &[bytes_tail(&initializer(contracts, owner))],
    )
}

/// The address the factory deploys `owner`'s account to (CREATE2): the salt is
/// `keccak256(keccak256(initializer) ++ saltNonce)`, the init code the factory's
/// `proxy_creation_code` followed by the singleton as a word.
pub fn address(contracts: &Contracts, owner: &Address, proxy_creation_code: &[u8]) -> Address {
    let mut salt = keccak256(initializer(contracts, owner)).to_vec();
    salt.extend_from_slice(&word_u256(SALT_NONCE));
    let mut init_code = proxy_creation_code.to_vec();
    init_code.extend_from_slice(&word_address(&contracts.singleton));
    contracts
        .proxy_factory
        .create2(keccak256(salt), keccak256(init_code))
}

/// `executeUserOp(to, value, data, operation)`.
fn execute_user_op(to: &Address, value: U256, data: &[u8], operation: u8) -> Vec<u8> {
    encode(
        &EXECUTE_USER_OP,
        &[
            Some(word_address(to)),
            Some(word_u256(value)),
            None,
            Some(word_usize(operation.into())),
        ],
        &[bytes_tail(data)],
    )
}

/// The account's calldata for `calls`: one call as it is; more as one `multiSend` that the
/// Safe runs by delegate call, each call packed as `operation ++ to ++ value ++ length ++ data`.
pub(crate) fn call_data(contracts: &Contracts, calls: &[Call]) -> Vec<u8> {
    if let [call] = calls {
        return execute_user_op(&call.to, call.value, &call.data, CALL);
    }
    let mut packed = Vec::new();
    for call in calls {
        packed.push(CALL);
        packed.extend_from_slice(call.to.as_slice());
        packed.extend_from_slice(&word_u256(call.value));
        packed.extend_from_slice(&word_usize(call.data.len()));
        packed.extend_from_slice(&call.data);
    }
    let multi_send = encode(&MULTI_SEND, &[None], &[bytes_tail(&packed)]);
    execute_user_op(
        &contracts.multi_send,
        U256::ZERO,
        &multi_send,
        DELEGATE_CALL,
    )
}

/// The EIP-712 hash of `struct_hash` in the domain of `verifying_contract` on `chain_id`.
fn typed_hash(chain_id: u64, verifying_contract: &Address, struct_hash: B256) -> B256 {
    let domain = keccak256(
        [
            DOMAIN_TYPEHASH.0,
            word_u256(U256::from(chain_id)),
            word_address(verifying_contract),
        ]
        .concat(),
    );
    keccak256([&[0x19, 0x01], domain.as_slice(), struct_hash.as_slice()].concat())
}

/// The hash the key signs for `op`: the module's `SafeOp` of it, with the validity window.
pub fn operation_hash(op: &UserOperation, contracts: &Contracts, chain_id: u64) -> B256 {
    let u128_word = |v: u128| word_u256(U256::from(v));
    let u64_word = |v: u64| word_u256(U256::from(v));
    let words = [
        SAFE_OP_TYPEHASH.0,
        word_address(&op.sender),
        word_u256(op.nonce),
        keccak256(op.init_code()).0,
        keccak256(&op.call_data).0,
        u128_word(op.verification_gas_limit),
        u128_word(op.call_gas_limit),
        word_u256(op.pre_verification_gas),
        u128_word(op.max_priority_fee_per_gas),
        u128_word(op.max_fee_per_gas),
        keccak256([]).0,
        u64_word(VALID_AFTER),
        u64_word(VALID_UNTIL),
        word_address(&contracts.entry_point),
    ];
    typed_hash(chain_id, &contracts.module, keccak256(words.concat()))
}

/// An operation's signature: the validity window, then the key's 65-byte signature.
pub(crate) fn operation_signature(key_signature: &[u8; 65]) -> Vec<u8> {
    let mut out = Vec::with_capacity(WINDOW_BYTES + 65);
    out.extend_from_slice(&VALID_AFTER.to_be_bytes()[2..]);
    out.extend_from_slice(&VALID_UNTIL.to_be_bytes()[2..]);
    out.extend_from_slice(key_signature);
    out
}

/// The hash the key signs so that `safe`'s `isValidSignature(hash, signature)` holds: the
/// Safe's `SafeMessage` of `abi.encode(hash)`.
pub fn message_hash(safe: &Address, chain_id: u64, hash: &B256) -> B256 {
    let message = keccak256(hash);
    let struct_hash = keccak256([SAFE_MESSAGE_TYPEHASH.0, message.0].concat());
    typed_hash(chain_id, safe, struct_hash)
}

/// ERC-6492's wrapping of an undeployed account's `signature`: the factory and its call,
/// `abi.encode(factory, factoryData, signature)`, then the magic suffix.
pub(crate) fn erc6492(factory: &Address, factory_data: &[u8], signature: &[u8]) -> Vec<u8> {
    let mut out = encode(
        &[],
        &[Some(word_address(factory)), None, None],
        &[bytes_tail(factory_data), bytes_tail(signature)],
    );
    out.extend_from_slice(&oriel_protocol::signature::ERC6492_SUFFIX);
    out
}

#[cfg(test)]
mod tests {
    use alloy_dyn_abi::DynSolValue;
    use alloy_primitives::{Bytes, U256};

    use super::*;
    use crate::sign::codec::to_hex;

    fn selector(signature: &str) -> [u8; 4] {
        keccak256(signature.as_bytes())[..4].try_into().unwrap()
    }

    #[test]
    fn selectors_and_type_hashes_are_those_of_the_published_contracts() {
        assert_eq!(
            SETUP,
            selector("setup(address[],uint256,address,bytes,address,address,uint256,address)")
        );
        assert_eq!(ENABLE_MODULES, selector("enableModules(address[])"));
        assert_eq!(
            CREATE_PROXY_WITH_NONCE,
            selector("createProxyWithNonce(address,bytes,uint256)")
        );
        assert_eq!(PROXY_CREATION_CODE, selector("proxyCreationCode()"));
        assert_eq!(
            EXECUTE_USER_OP,
            selector("executeUserOp(address,uint256,bytes,uint8)")
        );
        assert_eq!(MULTI_SEND, selector("multiSend(bytes)"));
        let type_hash = |t: &str| keccak256(t.as_bytes());
        assert_eq!(
            DOMAIN_TYPEHASH,
            type_hash("EIP712Domain(uint256 chainId,address verifyingContract)")
        );
        assert_eq!(
            SAFE_MESSAGE_TYPEHASH,
            type_hash("SafeMessage(bytes message)")
        );
        assert_eq!(
            SAFE_OP_TYPEHASH,
            type_hash(
                "SafeOp(address safe,uint256 nonce,bytes initCode,bytes callData,\
                 uint128 verificationGasLimit,uint128 callGasLimit,uint256 preVerificationGas,\
                 uint128 maxPriorityFeePerGas,uint128 maxFeePerGas,bytes paymasterAndData,\
                 uint48 validAfter,uint48 validUntil,address entryPoint)"
            )
        );
    }

    /// The canonical deployment (Safe 1.4.1, the 4337 module 0.3.0), as the frame config's
    /// defaults name it.
    pub(crate) fn canonical() -> Contracts {
        let address = |a: &str| a.parse::<Address>().unwrap();
        Contracts {
            entry_point: address("0x0000000071727De22E5E9d8BAf0edAc6f37da032"),
            singleton: address("0x41675C099F32341bf84BFc5382aF534df5C7461a"),
            proxy_factory: address("0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67"),
            module: address("0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226"),
            module_setup: address("0x2dd68b007B46fBe91B9A7c3EDa5A7a1063cB5b47"),
            multi_send: address("0x9641d764fc13c8B624c04430C7356C1C7C8102e2"),
        }
    }

    fn call(to: u8, value: u64, data: &[u8]) -> Call {
        Call {
            to: Address::repeat_byte(to),
            value: U256::from(value),
            data: Bytes::copy_from_slice(data),
        }
    }

    fn with_selector(selector: [u8; 4], params: Vec<DynSolValue>) -> Vec<u8> {
        let mut out = selector.to_vec();
        out.extend(DynSolValue::Tuple(params).abi_encode_params());
        out
    }

    /// The reference ABI encoder (alloy's, a test-only dependency) agrees byte for byte.
    #[test]
    fn calldata_matches_a_reference_abi_encoder() {
        let c = canonical();
        let owner = Address::repeat_byte(0x11);
        let enable = with_selector(
            ENABLE_MODULES,
            vec![DynSolValue::Array(vec![DynSolValue::Address(c.module)])],
        );
        let setup = with_selector(
            SETUP,
            vec![
                DynSolValue::Array(vec![DynSolValue::Address(owner)]),
                DynSolValue::Uint(U256::from(1), 256),
                DynSolValue::Address(c.module_setup),
                DynSolValue::Bytes(enable),
                DynSolValue::Address(c.module),
                DynSolValue::Address(Address::ZERO),
                DynSolValue::Uint(U256::ZERO, 256),
                DynSolValue::Address(Address::ZERO),
            ],
        );
        assert_eq!(initializer(&c, &owner), setup);
        let create = with_selector(
            CREATE_PROXY_WITH_NONCE,
            vec![
                DynSolValue::Address(c.singleton),
                DynSolValue::Bytes(setup),
                DynSolValue::Uint(U256::ZERO, 256),
            ],
        );
        assert_eq!(factory_data(&c, &owner), create);

        let execute = |to: Address, value: u64, data: Vec<u8>, operation: u8| {
            with_selector(
                EXECUTE_USER_OP,
                vec![
                    DynSolValue::Address(to),
                    DynSolValue::Uint(U256::from(value), 256),
                    DynSolValue::Bytes(data),
                    DynSolValue::Uint(U256::from(operation), 8),
                ],
            )
        };
        let one = [call(0x22, 5, &[])];
        assert_eq!(call_data(&c, &one), execute(one[0].to, 5, vec![], 0));

        let two = [
            call(0x22, 5, &[]),
            call(0x33, 0, &[0xa9, 0x05, 0x9c, 0xbb, 1, 2, 3, 4]),
        ];
        let packed: Vec<u8> = two
            .iter()
            .flat_map(|c| {
                DynSolValue::Tuple(vec![
                    DynSolValue::Uint(U256::ZERO, 8),
                    DynSolValue::Address(c.to),
                    DynSolValue::Uint(c.value, 256),
                    DynSolValue::Uint(U256::from(c.data.len()), 256),
                    DynSolValue::Bytes(c.data.to_vec()),
                ])
                .abi_encode_packed()
            })
            .collect();
        let multi = with_selector(MULTI_SEND, vec![DynSolValue::Bytes(packed)]);
        assert_eq!(call_data(&c, &two), execute(c.multi_send, 0, multi, 1));

        let signature = [7u8; 65];
        let wrapped = erc6492(&c.proxy_factory, &[1, 2, 3], &signature);
        let expected = DynSolValue::Tuple(vec![
            DynSolValue::Address(c.proxy_factory),
            DynSolValue::Bytes(vec![1, 2, 3]),
            DynSolValue::Bytes(signature.to_vec()),
        ])
        .abi_encode_params();
        assert_eq!(wrapped[..wrapped.len() - 32], expected[..]);
        assert_eq!(
            to_hex(&wrapped[wrapped.len() - 32..]),
            format!("0x{}", "6492".repeat(16))
        );
    }

    /// `SafeProxyFactory` 1.4.1's `proxyCreationCode()`, as the devnet's factory (the npm
    /// artifact) and the canonical one answer it.
    fn proxy_creation_code() -> Vec<u8> {
        let hex = [
        "608060405234801561001057600080fd5b506040516101e63803806101e6833981810160405260208110156100335760",
        "0080fd5b8101908080519060200190929190505050600073ffffffffffffffffffffffffffffffffffffffff168173ff",
        "ffffffffffffffffffffffffffffffffffffff1614156100ca576040517f08c379a00000000000000000000000000000",
        "000000000000000000000000000081526004018080602001828103825260228152602001806101c46022913960400191",
        "505060405180910390fd5b806000806101000a81548173ffffffffffffffffffffffffffffffffffffffff0219169083",
        "73ffffffffffffffffffffffffffffffffffffffff1602179055505060ab806101196000396000f3fe608060405273ff",
        "ffffffffffffffffffffffffffffffffffffff600054167fa619486e0000000000000000000000000000000000000000",
        "000000000000000060003514156050578060005260206000f35b3660008037600080366000845af43d6000803e600081",
        "14156070573d6000fd5b3d6000f3fea264697066735822122003d1488ee65e08fa41e58e888a9865554c535f2c77126a",
        "82cb4c0f917f31441364736f6c63430007060033496e76616c69642073696e676c65746f6e2061646472657373207072",
        "6f7669646564",
        ]
        .concat();
        crate::sign::codec::decode_hex(&hex).unwrap()
    }

    /// Values viem computed for the same inputs, which the module's `getOperationHash`, the
    /// Safe's `getMessageHashForSafe` and the factory's deployment agreed with on a hardhat
    /// node (the npm artifacts' code at the canonical addresses).
    #[test]
    fn address_and_hashes_match_viem_and_the_contracts() {
        let c = canonical();
        let owner = Address::repeat_byte(0x11);
        let safe = address(&c, &owner, &proxy_creation_code());
        assert_eq!(
            safe.to_checksum(None),
            "0x59cB895943D081a4b102aA22d19Eda1FabFD37d7"
        );
        let batch = [
            call(0x22, 5, &[]),
            call(0x33, 0, &[0xa9, 0x05, 0x9c, 0xbb, 1, 2, 3, 4]),
        ];
        let op = UserOperation {
            sender: safe,
            nonce: U256::from(5),
            factory: Some((c.proxy_factory, factory_data(&c, &owner).into())),
            call_data: call_data(&c, &batch).into(),
            call_gas_limit: 100_000,
            verification_gas_limit: 300_000,
            pre_verification_gas: U256::from(50_000),
            max_fee_per_gas: 3_000_000_000,
            max_priority_fee_per_gas: 1_000_000_000,
            signature: Bytes::new(),
        };
        assert_eq!(
            to_hex(operation_hash(&op, &c, 31337).as_slice()),
            "0xa97f445f4e27e76d255a8e2e2909b1e6f90d9d72366e5045ac5ea9c221b11496"
        );
        assert_eq!(
            to_hex(message_hash(&safe, 31337, &keccak256("hello")).as_slice()),
            "0xc6bd15606b702f57632127b0880315e2f3311837bcc4eea4cd40cc4ec8af9391"
        );
    }
}
