//! Account types (spec §3, §6) as requests: `SetPreferredAccount`, the smart-account
//! networks, `InitSmartAccount`. The rules are `account_type`'s; the smart account itself is
//! `sign::smart`'s.

use oriel_protocol::{AccountType, Reply};
use oriel_signer::sign::{parse_address, smart};

use crate::{
    account_type,
    config::FrameConfig,
    context::{Answer, Cx},
    env::Env,
    error::{Error, Result},
    network::Network,
    rpc::Transport,
    session::Session,
};

/// `SetPreferredAccount` on network `chain_id`: stores the choice, looks up the smart account
/// when it is one, and answers the account now in effect; the host hears the new session
/// state.
pub(crate) async fn set_preferred<E: Env, T: Transport>(
    cx: &Cx<'_, E>,
    session: &mut Session,
    network: &Network<T>,
    chain_id: &str,
    account_type: AccountType,
) -> Answer {
    let set = async {
        session.wallet()?;
        let before = account_type::preferred(cx.env, cx.project_id(), chain_id);
        account_type::set_preferred(cx.env, cx.config, chain_id, account_type)?;
        let rpc = network.rpc(chain_id);
        if let Err(e) = session.look_up_smart_account(cx, chain_id, &rpc).await {
            // No half switch: the account in effect stays, and so does the preference.
            account_type::keep_preference(cx.env, cx.project_id(), chain_id, before)?;
            return Err(e.into());
        }
        let user = session.user(cx, chain_id).ok_or(Error::NotConnected)?;
        Ok(Reply::SetPreferredAccount {
            account_type,
            address: user.address,
        })
    };
    Answer::changing_session(set.await)
}

/// `GetSmartAccountEnabledNetworks`: the networks with a bundler.
pub(crate) fn smart_account_networks(config: &FrameConfig) -> Reply {
    Reply::GetSmartAccountEnabledNetworks {
        networks: account_type::smart_account_networks(config),
    }
}

/// `InitSmartAccount`: the key's smart account on network `chain_id` (whichever account type
/// is preferred) and whether it is deployed.
pub(crate) async fn init_smart_account<E: Env, T: Transport>(
    cx: &Cx<'_, E>,
    session: &Session,
    network: &Network<T>,
    chain_id: &str,
) -> Result<Reply> {
    let owner = parse_address(&session.wallet()?.wallet.addresses().eip155)?;
    let contracts = account_type::contracts(cx.config, chain_id)
        .ok_or_else(|| Error::NoSmartAccounts(chain_id.to_owned()))?;
    let account = smart::account_of(&network.rpc(chain_id), &contracts, &owner).await?;
    Ok(Reply::InitSmartAccount {
        address: account.address.to_checksum(None),
        is_deployed: account.deployed,
    })
}
