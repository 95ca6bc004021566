//! Requests about the host page and the active network: `SyncTheme`, `SyncDappData`,
//! `GetChainId`, `SwitchNetwork`, `Reload`.

use oriel_protocol::{DappMetadata, Reply, ThemeMode, ThemeVariable};

use crate::{
    context::Answer,
    env::Env,
    error::{Error, Result},
    host::Host,
    network::{check_chain_id, Network},
    rpc::Transport,
    session::Session,
    theme,
};

/// `SyncTheme`: the widget's theme, which the frame's screens then wear (the values it can
/// use; see [`crate::theme`]).
pub(crate) fn sync_theme<E: Env>(
    env: &E,
    host: &mut Host,
    mode: ThemeMode,
    variables: Vec<ThemeVariable>,
) -> Reply {
    let theme = theme::theme(mode, &variables);
    env.apply_theme(&theme);
    host.theme = Some(theme);
    Reply::SyncTheme
}

/// `SyncDappData`: the dapp's metadata, for a host of this frame's project only.
pub(crate) fn sync_dapp_data(
    host: &mut Host,
    serves: &str,
    metadata: DappMetadata,
    project_id: String,
) -> Result<Reply> {
    if project_id != serves {
        return Err(Error::WrongProject {
            serves: serves.to_owned(),
            asked: project_id,
        });
    }
    host.dapp = Some(metadata);
    Ok(Reply::SyncDappData)
}

/// `SwitchNetwork`: any valid CAIP-2 id of the wallet's families becomes active; a logged-in
/// host hears the new session state.
pub(crate) fn switch_network<T: Transport>(
    network: &mut Network<T>,
    session: &Session,
    chain_id: String,
) -> Answer {
    if let Err(e) = check_chain_id(&chain_id) {
        return Err(e).into();
    }
    network.active = chain_id.clone();
    Answer {
        reply: Ok(Reply::SwitchNetwork { chain_id }),
        session_changed: session.unlocked.is_some(),
    }
}

/// `GetChainId`: the active network.
pub(crate) fn chain_id<T: Transport>(network: &Network<T>) -> Reply {
    Reply::GetChainId {
        chain_id: network.active.clone(),
    }
}

/// `Reload`: back to the project's default network.
pub(crate) fn reload<T: Transport>(network: &mut Network<T>, default_chain_id: &str) -> Reply {
    network.active = default_chain_id.to_owned();
    Reply::Reload
}
