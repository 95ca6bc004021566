//! Account types (spec §3, §6) as requests: `SetPreferredAccount`, the smart-account
//! networks, `InitSmartAccount`. The rules are `account_type`'s.

use oriel_protocol::{AccountType, Reply};

use crate::{
    account_type,
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
        account_type::set_preferred(cx.env, cx.project_id(), chain_id, account_type)?;
        Ok(Reply::SetPreferredAccount {
            account_type,
            address,
        })
    };
    Answer::changing_session(set())
}

/// `GetSmartAccountEnabledNetworks`.
pub(crate) fn smart_account_networks() -> Reply {
    Reply::GetSmartAccountEnabledNetworks {
        networks: account_type::smart_account_networks(),
    }
}

/// `InitSmartAccount`: no network has smart accounts on this frame-host yet.
pub(crate) fn init_smart_account(session: &Session, chain_id: &str) -> Result<Reply> {
    session.wallet()?;
    Err(Error::NoSmartAccounts(chain_id.to_owned()))
}
