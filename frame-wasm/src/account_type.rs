//! Account types (spec §3, §6): which kind of account is active on each chain family. The
//! embedded wallet's accounts are keys (EOA); smart accounts need a network with them enabled,
//! and this frame-host enables none yet, so a preference for one falls back to the EOA.

use oriel_protocol::{AccountType, ErrorCode, ErrorReply, Reply};

use crate::{env::Env, handler::Frame, login::not_connected};

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

impl<E: Env> Frame<E> {
    fn namespace(&self) -> &str {
        self.chain_id.split(':').next().unwrap_or_default()
    }

    /// Networks (CAIP-2) with smart accounts enabled.
    pub(crate) fn smart_account_networks(&self) -> Vec<String> {
        Vec::new()
    }

    /// The account type the user prefers on the active chain family: stored, or the default.
    pub(crate) fn preferred_account_type(&self) -> AccountType {
        let namespace = self.namespace();
        self.env
            .load(&storage_key(&self.config.project_id, namespace))
            .and_then(|t| parse(&t))
            .unwrap_or_else(|| default_for(namespace))
    }

    /// The account type in effect: the preference, where the network can serve it.
    pub(crate) fn active_account_type(&self) -> AccountType {
        match self.preferred_account_type() {
            AccountType::SmartAccount if self.smart_account_networks().contains(&self.chain_id) => {
                AccountType::SmartAccount
            }
            _ => AccountType::Eoa,
        }
    }

    pub(crate) fn set_preferred_account(
        &mut self,
        account_type: AccountType,
    ) -> Result<Reply, ErrorReply> {
        let address = self.user().ok_or_else(not_connected)?.address;
        match account_type {
            AccountType::Payment => {
                return Err(ErrorReply::new(
                    ErrorCode::InvalidParams,
                    "The payment account type applies to bip122 only",
                ))
            }
            AccountType::SmartAccount
                if !self.smart_account_networks().contains(&self.chain_id) =>
            {
                return Err(ErrorReply::new(
                    ErrorCode::Unavailable,
                    format!("Smart accounts are not enabled on {}", self.chain_id),
                ))
            }
            _ => {}
        }
        let key = storage_key(&self.config.project_id, self.namespace());
        self.env.save(&key, name(account_type));
        self.session_changed = true;
        Ok(Reply::SetPreferredAccount {
            account_type,
            address,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        config::FrameConfig,
        test_env::{log_in, TestEnv},
    };
    use oriel_protocol::{AllowList, Request};
    use pollster::block_on;

    fn frame(logged_in: bool) -> Frame<TestEnv> {
        let config = FrameConfig {
            project_id: "demo".into(),
            allowed_origins: AllowList::parse(&["http://localhost:5173"]).unwrap(),
            default_chain_id: "eip155:1".into(),
            networks: Vec::new(),
        };
        let mut f = Frame::new(config, TestEnv::default());
        if logged_in {
            log_in(&mut f);
        }
        f
    }

    fn set(f: &mut Frame<TestEnv>, t: AccountType) -> Result<Reply, ErrorReply> {
        block_on(f.handle(Request::SetPreferredAccount { account_type: t }))
    }

    #[test]
    fn defaults_follow_the_spec() {
        assert_eq!(default_for("eip155"), AccountType::SmartAccount);
        assert_eq!(default_for("solana"), AccountType::Eoa);
        assert_eq!(default_for("polkadot"), AccountType::Eoa);
        assert_eq!(default_for("bip122"), AccountType::Payment);
    }

    #[test]
    fn without_smart_accounts_the_eoa_is_active() {
        let f = frame(true);
        assert_eq!(f.preferred_account_type(), AccountType::SmartAccount);
        assert_eq!(f.active_account_type(), AccountType::Eoa);
        assert_eq!(f.user().unwrap().preferred_account_type, AccountType::Eoa);
    }

    #[test]
    fn setting_a_type_is_checked_stored_and_announced() {
        let mut f = frame(true);
        let address = f.user().unwrap().address;
        let err = set(&mut f, AccountType::SmartAccount).unwrap_err();
        assert_eq!(
            (err.code, err.message.as_str()),
            (
                ErrorCode::Unavailable,
                "Smart accounts are not enabled on eip155:1"
            )
        );
        assert_eq!(
            set(&mut f, AccountType::Payment).unwrap_err().code,
            ErrorCode::InvalidParams
        );
        assert_eq!(
            set(&mut f, AccountType::Eoa),
            Ok(Reply::SetPreferredAccount {
                account_type: AccountType::Eoa,
                address
            })
        );
        assert_eq!(f.preferred_account_type(), AccountType::Eoa);
        assert!(f.session_changed, "the host hears of the change");
        // Per chain family: solana keeps its own default.
        block_on(f.handle(Request::SwitchNetwork {
            chain_id: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp".into(),
        }))
        .unwrap();
        assert_eq!(f.preferred_account_type(), AccountType::Eoa);
    }

    #[test]
    fn needs_a_session() {
        let mut f = frame(false);
        assert_eq!(
            set(&mut f, AccountType::Eoa).unwrap_err().code,
            ErrorCode::NotConnected
        );
    }
}
