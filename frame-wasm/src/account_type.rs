//! Account types (spec §3, §6): which kind of account is active on each chain family. The
//! embedded wallet's accounts are keys (EOA); smart accounts need a network with them enabled,
//! and this frame-host enables none yet, so a preference for one falls back to the EOA.

use oriel_protocol::AccountType;

use crate::{
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

/// Networks (CAIP-2) with smart accounts enabled: none on this frame-host yet.
pub(crate) fn smart_account_networks() -> Vec<String> {
    Vec::new()
}

/// The account type the user prefers on `chain_id`'s family: stored, or the default.
pub(crate) fn preferred(env: &impl Env, project_id: &str, chain_id: &str) -> AccountType {
    let namespace = namespace(chain_id);
    env.load(&storage_key(project_id, namespace))
        .and_then(|t| parse(&t))
        .unwrap_or_else(|| default_for(namespace))
}

/// The account type in effect on `chain_id`: the preference, where the network can serve it.
pub(crate) fn active(env: &impl Env, project_id: &str, chain_id: &str) -> AccountType {
    match preferred(env, project_id, chain_id) {
        AccountType::SmartAccount if smart_account_networks().iter().any(|n| n == chain_id) => {
            AccountType::SmartAccount
        }
        _ => AccountType::Eoa,
    }
}

/// Checks that `account_type` can serve `chain_id` and stores it as the preference of its
/// family.
pub(crate) fn set_preferred(
    env: &impl Env,
    project_id: &str,
    chain_id: &str,
    account_type: AccountType,
) -> Result<()> {
    match account_type {
        AccountType::Payment => return Err(Error::PaymentAccount),
        AccountType::SmartAccount if !smart_account_networks().iter().any(|n| n == chain_id) => {
            return Err(Error::NoSmartAccounts(chain_id.to_owned()))
        }
        _ => {}
    }
    env.save(
        &storage_key(project_id, namespace(chain_id)),
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
