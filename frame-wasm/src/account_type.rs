//! Account types (spec §3, §6): which kind of account the user prefers on each chain family.
//! Smart accounts need a network with them enabled: one for which frame-host has an ERC-4337
//! bundler, and so names the network's EntryPoint and account factory. Elsewhere a preference
//! for a smart account leaves the key's own account (EOA) in effect.

use oriel_protocol::AccountType;
use oriel_signer::sign::{parse_address, smart::Contracts};

use crate::{
    config::FrameConfig,
    env::Env,
    error::{Error, Result},
};

/// Spec §6 "Default account types": eip155 smartAccount, solana and polkadot eoa, bip122
/// payment.
pub(crate) fn default_for(namespace: &str) -> AccountType {
    match namespace {
        "eip155" => AccountType::SmartAccount,
        "bip122" => AccountType::Payment,
        _ => AccountType::Eoa,
    }
}

fn storage_key(project_id: &str, namespace: &str) -> String {
    format!("oriel/preferred-account/{project_id}/{namespace}")
}

fn parse(text: &str) -> Option<AccountType> {
    match text {
        "eoa" => Some(AccountType::Eoa),
        "smartAccount" => Some(AccountType::SmartAccount),
        "payment" => Some(AccountType::Payment),
        _ => None,
    }
}

fn name(t: AccountType) -> &'static str {
    match t {
        AccountType::Eoa => "eoa",
        AccountType::SmartAccount => "smartAccount",
        AccountType::Payment => "payment",
    }
}

/// The CAIP-2 namespace of `chain_id`.
fn namespace(chain_id: &str) -> &str {
    chain_id.split(':').next().unwrap_or_default()
}

/// Networks (CAIP-2) with smart accounts enabled: those of the page config for which
/// frame-host has a bundler (`eip155` ones, as the config's check has it), in its order.
pub(crate) fn smart_account_networks(config: &FrameConfig) -> Vec<String> {
    config
        .networks
        .iter()
        .filter(|n| n.smart_account.is_some())
        .map(|n| n.chain_id.clone())
        .collect()
}

/// The smart-account contracts of network `chain`, when it has smart accounts (the config's
/// check made sure they are addresses).
pub(crate) fn contracts(config: &FrameConfig, chain: &str) -> Option<Contracts> {
    let network = config.networks.iter().find(|n| n.chain_id == chain)?;
    let contracts = network.smart_account.as_ref()?;
    let address = |text: &str| parse_address(text).ok();
    Some(Contracts {
        entry_point: address(&contracts.entry_point)?,
        singleton: address(&contracts.safe_singleton)?,
        proxy_factory: address(&contracts.safe_proxy_factory)?,
        module: address(&contracts.safe_4337_module)?,
        module_setup: address(&contracts.safe_module_setup)?,
        multi_send: address(&contracts.multi_send_call_only)?,
    })
}

/// The account type the user prefers on `chain_id`'s family: stored, or the default.
pub(crate) fn preferred(env: &impl Env, project_id: &str, chain_id: &str) -> AccountType {
    let namespace = namespace(chain_id);
    env.load(&storage_key(project_id, namespace))
        .and_then(|t| parse(&t))
        .unwrap_or_else(|| default_for(namespace))
}

/// Stores `account_type` as the preference of `chain_id`'s family as the host page asks on
/// `GetUser` (its stored choice or its configured default): a payment account is for bip122
/// only; a smart account preferred on a network without them means the key's account there.
pub(crate) fn keep_preference(
    env: &impl Env,
    project_id: &str,
    chain_id: &str,
    account_type: AccountType,
) -> Result<()> {
    if account_type == AccountType::Payment && namespace(chain_id) != "bip122" {
        return Err(Error::PaymentAccount);
    }
    env.save(
        &storage_key(project_id, namespace(chain_id)),
        name(account_type),
    );
    Ok(())
}

/// Checks that `account_type` can serve `chain_id` and stores it as the preference of its
/// family.
pub(crate) fn set_preferred(
    env: &impl Env,
    config: &FrameConfig,
    chain_id: &str,
    account_type: AccountType,
) -> Result<()> {
    match account_type {
        AccountType::Payment => return Err(Error::PaymentAccount),
        AccountType::SmartAccount
            if !smart_account_networks(config).iter().any(|n| n == chain_id) =>
        {
            return Err(Error::NoSmartAccounts(chain_id.to_owned()))
        }
        _ => {}
    }
    env.save(
        &storage_key(&config.project_id, namespace(chain_id)),
        name(account_type),
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_follow_the_spec() {
        assert_eq!(default_for("eip155"), AccountType::SmartAccount);
        assert_eq!(default_for("solana"), AccountType::Eoa);
        assert_eq!(default_for("polkadot"), AccountType::Eoa);
        assert_eq!(default_for("bip122"), AccountType::Payment);
    }
}
