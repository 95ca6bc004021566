//! Account types (spec §3, §6): which kind of account the user prefers on each chain family.
//! Smart accounts need a network with them enabled: one for which frame-host has an ERC-4337
//! bundler. The embedded wallet's account in effect is still its key (EOA) everywhere: the
//! smart account's address is not derived yet, so a stored preference for one waits for it.

use oriel_protocol::AccountType;

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
        .filter(|n| n.bundler)
        .map(|n| n.chain_id.clone())
        .collect()
}

/// The account type the user prefers on `chain_id`'s family: stored, or the default.
pub(crate) fn preferred(env: &impl Env, project_id: &str, chain_id: &str) -> AccountType {
    let namespace = namespace(chain_id);
    env.load(&storage_key(project_id, namespace))
        .and_then(|t| parse(&t))
        .unwrap_or_else(|| default_for(namespace))
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
