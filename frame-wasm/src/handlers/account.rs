//! Account types (spec §3, §6) as requests: `SetPreferredAccount`, the smart-account
//! networks, `InitSmartAccount`. The rules are `account_type`'s.

use oriel_protocol::{AccountType, Reply};

use crate::{
    account_type,
    config::FrameConfig,
    context::{Answer, Cx},
    env::Env,
    error::{Error, Result},
    session::Session,
};

/// `SetPreferredAccount` on network `chain_id`; the host hears the new session state.
pub(crate) fn set_preferred<E: Env>(
    cx: &Cx<'_, E>,
    session: &Session,
    chain_id: &str,
    account_type: AccountType,
) -> Answer {
    let set = || {
        let address = session
            .user(cx, chain_id)
            .ok_or(Error::NotConnected)?
            .address;
        account_type::set_preferred(cx.env, cx.config, chain_id, account_type)?;
        Ok(Reply::SetPreferredAccount {
            account_type,
            address,
        })
    };
    Answer::changing_session(set())
}

/// `GetSmartAccountEnabledNetworks`: the networks with a bundler.
pub(crate) fn smart_account_networks(config: &FrameConfig) -> Reply {
    Reply::GetSmartAccountEnabledNetworks {
        networks: account_type::smart_account_networks(config),
    }
}

/// `InitSmartAccount`: the frame does not derive smart accounts yet, on any network.
pub(crate) fn init_smart_account(session: &Session, chain_id: &str) -> Result<Reply> {
    session.wallet()?;
    Err(Error::NoSmartAccounts(chain_id.to_owned()))
}
